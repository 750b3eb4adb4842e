import { enUS, roRO } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

/**
 * The focus ring of every control: a 2px outline in the brand colour, outside the control so it is
 * measured against the surface around it (appTheme.test.ts holds it to 3:1 on every surface, both themes).
 */
export function focusRing(theme: Theme) {
  return { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 };
}

/**
 * The app's look, after MUI's dashboard template: quiet surfaces, one brand colour, rounded cards; MUI's
 * own texts (the pager's labels, an alert's close button) in the interface language.
 */
export function createAppTheme(mode: 'light' | 'dark', language = 'ro'): Theme {
  const dark = mode === 'dark';
  const background = dark ? { default: '#0d1117', paper: '#151b23' } : { default: '#f5f7fb', paper: '#ffffff' };
  return createTheme({
    palette: {
      mode,
      // Labels on coloured buttons and chips are black or white, whichever reaches WCAG AA (4.5:1);
      // MUI's default threshold of 3 leaves white on the dark theme's red at 3.7:1.
      contrastThreshold: 4.5,
      primary: { main: dark ? '#7aa7ff' : '#2457c5' },
      secondary: { main: dark ? '#f3a0c4' : '#b8336a' },
      // MUI's light warning (#ed6c02) and info (#0288d1) reach only 3.1:1 and 3.9:1 against white;
      // these darker shades keep white labels and coloured text at 4.5:1 or more (WCAG AA).
      ...(dark ? {} : { warning: { main: '#b45309' }, info: { main: '#01579b' } }),
      background,
      // A grid is the card it sits in: MUI X lightens its dark background, which shows as a band.
      DataGrid: { bg: background.paper, headerBg: background.paper },
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
      MuiCssBaseline: {
        styleOverrides: (theme) => ({
          // Links and any other element that takes keyboard focus outside MUI's controls.
          ':focus-visible': focusRing(theme),
          // The skip link's target and the heading a menu choice focuses are not controls: no ring.
          'main[tabindex="-1"]:focus, h1[tabindex="-1"]:focus': { outline: 'none' },
        }),
      },
      // Buttons, menu entries, tabs, checkboxes, switches and radios: the ring on keyboard focus.
      MuiButtonBase: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
      },
      // A menu's paper clips what is outside it: the ring of its entries is drawn inside.
      MuiMenuItem: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } },
      },
      // Text fields and selects: the ring on any focus (the caret goes there with the mouse too).
      MuiInputBase: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-focused': focusRing(theme) }) },
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
  }, language.startsWith('ro') ? roRO : enUS);
}
