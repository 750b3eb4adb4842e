import { createTheme, type Theme } from '@mui/material/styles';

/** The app's look, after MUI's dashboard template: quiet surfaces, one brand colour, rounded cards. */
export function createAppTheme(mode: 'light' | 'dark'): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#7aa7ff' : '#2457c5' },
      secondary: { main: dark ? '#f3a0c4' : '#b8336a' },
      background: dark ? { default: '#0d1117', paper: '#151b23' } : { default: '#f5f7fb', paper: '#ffffff' },
      divider: dark ? 'rgba(255,255,255,0.10)' : 'rgba(15,23,42,0.10)',
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 12 } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiListItemButton: {
        styleOverrides: { root: { borderRadius: 8 } },
      },
    },
  });
}
