// The "no CSS variables" variants: createTheme and ThemeProvider of '@mui/material/styles' also bundle the
// CSS-variables machinery (CssVarsProvider, colour-scheme storage, InitColorSchemeScript) into the first download,
// and a theme without `colorSchemes`/`cssVariables` never uses it; both entry points are what those two call for
// such a theme (decision 0070).
import createTheme from '@mui/material/styles/createThemeNoVars';

// System fonts only: no web fonts are loaded (no network, CSP).
const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

const PRIMARY = '#0b4f8a';

// One focus ring for the whole app (WCAG 2.4.7, 1.4.11; decision 0077): 3 px of the primary blue, 2 px off the
// element, 8.4:1 against white and 7.8:1 against the page's grey. MUI draws focus as a faint tint (ripple, 12 %
// overlay) that looked like the hover, selected or disabled states, so the ring is !important: no component style
// may take it away. Text fields keep their own 2 px primary border instead (the ring would sit inside the field);
// radios, checkboxes and switches show it on their visible part (MUI's .Mui-focusVisible on the wrapper), inside its
// round padding. Rows of a scrolling list would have it cut off by the list's edge: there it is drawn inside too. On
// a filled (dark) alert it is white. The page scrolls a focused element clear of the sticky header and of a toast at
// the bottom (2.4.11: scroll-padding, technique C43).
const FOCUS_RING = { outline: `3px solid ${PRIMARY} !important`, outlineOffset: '2px !important' };

const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: '#b8860b' },
    background: { default: '#f5f7fa' },
  },
  typography: {
    fontFamily: systemFont,
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollPaddingTop: 80, scrollPaddingBottom: 96 },
        'html :focus-visible:not(input,textarea,select),html .Mui-focusVisible': FOCUS_RING,
        'html :is([role=option],[role=menuitem],[role=gridcell],[role=columnheader],.MuiRadio-root,.MuiCheckbox-root,.MuiSwitch-switchBase):is(:focus-visible,.Mui-focusVisible)':
          { outlineOffset: '-3px !important' },
        'html .MuiAlert-filled :is(:focus-visible,.Mui-focusVisible)': { outlineColor: '#fff !important' },
      },
    },
    // The ring is the focus: MUI's pulsing focus ripple (a grey disc) made a focused button look pressed or selected,
    // and over a radio it hid the ring.
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: { root: { textTransform: 'none' } },
    },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiRadio: { defaultProps: { disableFocusRipple: true } },
    MuiCheckbox: { defaultProps: { disableFocusRipple: true } },
    MuiSwitch: { defaultProps: { disableFocusRipple: true } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});

export default theme;
