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

const theme = createTheme({
  palette: {
    primary: { main: '#0b4f8a' },
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
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});

export default theme;
