import { createTheme, type Theme } from '@mui/material/styles';

/** The app's look, after MUI's dashboard template: quiet surfaces, one brand colour, rounded cards. */
export function createAppTheme(mode: 'light' | 'dark'): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#7aa7ff' : '#2457c5' },
      secondary: { main: dark ? '#f3a0c4' : '#b8336a' },
      // MUI's light warning (#ed6c02) and info (#0288d1) reach only 3.1:1 and 3.9:1 against white;
      // these darker shades keep white labels and coloured text at 4.5:1 or more (WCAG AA).
      ...(dark ? {} : { warning: { main: '#b45309' }, info: { main: '#01579b' } }),
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
      // Headings follow the page's outline, not the type size: a page's title is its h1
      // (SectionHeader), the titles of its cards are h2. Subtitles are text, not headings.
      MuiTypography: {
        defaultProps: { variantMapping: { h6: 'h2', subtitle1: 'p', subtitle2: 'p' } },
      },
      // A visible focus ring on every keyboard-focused control, in the brand colour (at least 6:1
      // against the surfaces of both themes).
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      // The help under a disabled field says why it is disabled or what will happen, so it stays
      // readable (MUI greys it to 2.8:1); only the field itself looks disabled.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      // MUI's toggle buttons use action.active (4.3:1 on the light page background).
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            color: theme.palette.text.secondary,
            '&.Mui-selected': { color: theme.palette.text.primary },
          }),
        },
      },
      MuiListItemButton: {
        styleOverrides: { root: { borderRadius: 8 } },
      },
    },
  });
}
