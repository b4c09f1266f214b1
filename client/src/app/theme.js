import { createTheme } from '@mui/material/styles';

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
