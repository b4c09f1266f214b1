/* Stands in for '@mui/material/styles/createTheme.js' in the webpack builds (client/webpack.config.js,
 * NormalModuleReplacementPlugin; decision 0070, issue 27). MUI's default theme (styles/defaultTheme.js, which every
 * styled component falls back on) and Box call `createTheme()` with no options; for a theme without `cssVariables`
 * and `colorSchemes`, MUI's createTheme returns exactly `createThemeNoVars(options, ...args)`, but importing it bundles
 * the CSS-variables machinery (createThemeWithVars, prepareCssVars, cssVarsParser: ~4 KB brotli) into the entry of
 * every screen, /auth included. Nothing in the app asks for CSS variables (app/theme.js uses createThemeNoVars); a
 * caller that does gets a clear error instead of a silently different theme. */
import createThemeNoVars from '@mui/material/styles/createThemeNoVars';

export { createMuiTheme } from '@mui/material/styles/createThemeNoVars';

export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error(
      'createTheme with cssVariables/colorSchemes is not bundled: see client/src/app/mui/createThemeNoVarsOnly.js',
    );
  }
  return createThemeNoVars(options, ...args);
}
