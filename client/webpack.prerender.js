/* The second half of `npm run build` (client/webpack.config.js lists it after the browser build): bundles
 * src/prerender/renderPages.jsx for Node into client/.prerender/ (never served), then renders each of its PAGES (/auth,
 * and the applicant's /, /apply, /apply/<id>, /stepper/<id> as every signed-in applicant first sees them) once per
 * language into client/dist/<name>.<lang>.html (with a brotli .br and a gzip .gz copy) from the browser build's
 * index.html. The server sends the one matching the path and the qabyldau_lang cookie (server/blueprints/spa.py),
 * compressed as the browser accepts, so the first screen paints before any JavaScript has arrived (decision 0070). The build fails if a page would break the CSP (no inline scripts). */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const webpack = require('webpack');
const { cspViolations, prerenderedPage } = require('./src/prerender/markup');

const DIST = path.resolve(__dirname, 'dist');
const OUT = path.resolve(__dirname, '.prerender');

class PrerenderPagesPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrerenderPagesPlugin', async (compilation) => {
      if (compilation.errors.length) return;
      try {
        const bundle = path.join(OUT, 'render.js');
        delete require.cache[require.resolve(bundle)];
        const { render, LANGUAGES, PAGES } = require(bundle);
        const template = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
        // The route's own chunks (and the larger catalogues), as the server's Link header lists them for index.html.
        const { routes, catalogues } = JSON.parse(fs.readFileSync(path.join(DIST, 'route-preloads.json'), 'utf8'));
        for (const spec of PAGES) {
          const route = routes.find((candidate) => candidate.path === spec.path);
          if (!route) throw new Error(`${spec.path} is not in app/routePreloads.json`);
          for (const lang of LANGUAGES) {
            // The page's language's larger catalogues only (one chunk per language, src/i18n/index.js).
            const files = [...route.files, ...(route.catalogues ? catalogues[lang] || [] : [])];
            const preloads = files.map((file) => `/${file}`);
            const file = `${spec.name}.${lang}.html`;
            const page = prerenderedPage(template, { path: spec.path, lang, preloads, ...(await render(spec, lang)) });
            const violations = cspViolations(page);
            if (violations.length) {
              throw new Error(`${file} breaks the CSP (no inline scripts): ${violations.join(' | ')}`);
            }
            fs.writeFileSync(path.join(DIST, file), page);
            // Precompressed like the static assets (webpack.config.js): the server sends the copy the browser accepts.
            const bytes = Buffer.from(page, 'utf8');
            const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY };
            fs.writeFileSync(path.join(DIST, `${file}.br`), zlib.brotliCompressSync(bytes, { params: quality }));
            fs.writeFileSync(path.join(DIST, `${file}.gz`), zlib.gzipSync(bytes, { level: 9 }));
          }
        }
      } catch (error) {
        compilation.errors.push(new webpack.WebpackError(`Prerender failed: ${error.stack || error}`));
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
  entry: { render: './src/prerender/renderPages.jsx' },
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
    new PrerenderPagesPlugin(),
  ],
  optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
  performance: { hints: false },
});
