/* The second half of `npm run build` (client/webpack.config.js lists it after the browser build): bundles
 * src/prerender/renderAuth.jsx for Node into client/.prerender/ (never served), then renders /auth once per language
 * into client/dist/auth.<lang>.html from the browser build's index.html. The server sends the one matching the
 * qabyldau_lang cookie for GET /auth (server/blueprints/spa.py), so the sign-in form paints before any JavaScript
 * has arrived (decision 0070). The build fails if a page would break the CSP (no inline scripts). */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { cspViolations, prerenderedPage } = require('./src/prerender/markup');

const DIST = path.resolve(__dirname, 'dist');
const OUT = path.resolve(__dirname, '.prerender');

class PrerenderAuthPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderAuthPlugin', async (compilation) => {
      if (compilation.errors.length) return;
      try {
        const bundle = path.join(OUT, 'render.js');
        delete require.cache[require.resolve(bundle)];
        const { render, LANGUAGES } = require(bundle);
        const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(path.join(DIST, 'chunk-groups.json'), 'utf8'));
        const preloads = (manifest.groups.auth || []).map((file) => `/${file}`);
        for (const lang of LANGUAGES) {
          const page = prerenderedPage(template, { lang, preloads, ...(await render(lang)) });
          const violations = cspViolations(page);
          if (violations.length) {
            throw new Error(`auth.${lang}.html breaks the CSP (no inline scripts): ${violations.join(' | ')}`);
          }
          fs.writeFileSync(path.join(DIST, `auth.${lang}.html`), page);
        }
      } catch (error) {
        compilation.errors.push(new webpack.WebpackError(`Prerender of /auth failed: ${error.stack || error}`));
      }
    });
  }
}

module.exports = ({ isProd, babelRule, muiXRule }) => ({
  name: 'prerender',
  // After the browser build: the pages are made from its index.html and chunk-groups.json.
  dependencies: ['client'],
  mode: isProd ? 'production' : 'development',
  context: __dirname,
  target: 'node',
  entry: { render: './src/prerender/renderAuth.jsx' },
  output: { path: OUT, filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  devtool: false,
  resolve: { extensions: ['.js', '.jsx', '.json'] },
  module: {
    rules: [
      babelRule,
      muiXRule,
      // Pictures keep the browser build's URLs; nothing is written here.
      { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  plugins: [
    // One file: the lazily loaded screens are in the bundle, so the render waits for no download.
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    new PrerenderAuthPlugin(),
  ],
  optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
});
