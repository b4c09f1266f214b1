/* Webpack 5 configuration of the Qabyldau web client.
 *
 * - output goes to client/dist; assets live under dist/static/ with content hashes,
 *   index.html at the dist root (served by Flask with a history fallback).
 * - no eval-based source maps and no inline scripts: the server's CSP forbids them.
 * - the dev server proxies /api to the Flask server on localhost:8000.
 * - production builds also write a brotli (.br) and a gzip (.gz) copy of every text asset under static/;
 *   WhiteNoise serves the one the browser accepts (server/static_files.py, decision 0070).
 * - chunks: the runtime, a small vendor chunk of what every screen needs (React, the router, Redux, i18next),
 *   MUI's core in its own long-lived chunk, and one chunk per route (React.lazy in app/router.jsx).
 */
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const prerenderConfig = require('./webpack.prerender');

// Text assets only: pictures are already compressed. index.html is not precompressed: Flask serves it (CSP, no-cache).
const COMPRESSIBLE = /^static\/.+\.(js|css|svg|json|txt|map)$/;
const COMPRESS_MIN_BYTES = 1024;
const LANGUAGES = ['ru', 'kk', 'en'];

/** MUI's createTheme without the CSS-variables machinery it would bundle into every entry (app/mui/createThemeNoVarsOnly.js). */
function muiThemeWithoutVars(webpack) {
  return new webpack.NormalModuleReplacementPlugin(/^\.\/createTheme\.js$/, (resource) => {
    if (/[\\/]@mui[\\/]material[\\/]styles$/.test(resource.context)) {
      resource.request = path.resolve(__dirname, 'src/app/mui/createThemeNoVarsOnly.js');
    }
  });
}

function compressionPlugins() {
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      threshold: COMPRESS_MIN_BYTES,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      compressionOptions: { level: 9 },
      threshold: COMPRESS_MIN_BYTES,
      minRatio: 0.9,
    }),
  ];
}

/** dist/route-preloads.json: per applicant URL pattern (src/app/routePreloads.json), the files its first screen loads
 * after the entry's; the server sends them as Link preload headers with the page (server/blueprints/spa.py), so they
 * download alongside main and vendor instead of after them. */
function routePreloads(groups) {
  const { routes } = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'src/app/routePreloads.json'), 'utf8'));
  const entry = new Set(groups.main || []);
  const filesOf = (names) => [...new Set(names.flatMap((name) => groups[name] || []))].filter((file) => !entry.has(file));
  const out = routes.map((route) => ({
    path: route.path,
    files: filesOf(route.chunks),
    // Every route but /auth waits for the larger catalogues of the interface language (src/app/lazyWithCatalogues.js):
    // the server adds the files of `catalogues[<the cookie's language>]` (server/web/spa.py).
    catalogues: !route.chunks.includes('auth'),
  }));
  const catalogues = Object.fromEntries(LANGUAGES.map((lng) => [lng, filesOf([`catalogues-${lng}`])]));
  return JSON.stringify({ routes: out, catalogues }, null, 2);
}

/** The packages (node_modules) or client files in a chunk, with their sizes before minification: the budget test
 * (tests/integration/test_page_budgets.py) names what grew when a page goes over its budget. */
function moduleOwner(name) {
  const clean = name.replace(/^.*!/, '').replace(/\\/g, '/');
  const pkg = clean.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const own = clean.match(/(?:client\/)?(src\/.+|forms\/.+)$/);
  return own ? own[1] : clean.slice(-80);
}

function chunkModules(compilation) {
  const out = {};
  for (const chunk of compilation.chunks) {
    const sizes = {};
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      for (const inner of module.modules || [module]) {
        const name = inner.nameForCondition ? inner.nameForCondition() : null;
        if (!name) continue;
        const who = moduleOwner(name);
        sizes[who] = (sizes[who] || 0) + inner.size();
      }
    }
    for (const file of chunk.files) if (file.endsWith('.js')) out[file] = sizes;
  }
  return out;
}

/** Writes dist/chunk-groups.json: the JS files of the entry and of each lazily loaded route chunk (webpackChunkName),
 * so the size budget test (tests/integration/test_client_assets.py) adds up what a first screen downloads. */
class ChunkGroupsManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ChunkGroupsManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkGroupsManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const groups = {};
          compilation.namedChunkGroups.forEach((group, name) => {
            groups[name] = group.getFiles().filter((file) => file.endsWith('.js'));
          });
          const body = JSON.stringify({ entry: 'main', groups }, null, 2);
          compilation.emitAsset('chunk-groups.json', new compiler.webpack.sources.RawSource(body));
          compilation.emitAsset('route-preloads.json', new compiler.webpack.sources.RawSource(routePreloads(groups)));
          const modules = JSON.stringify({ files: chunkModules(compilation) });
          compilation.emitAsset('chunk-modules.json', new compiler.webpack.sources.RawSource(modules));
        },
      );
    });
  }
}

/** V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top of the scripts a first screen
 * runs at once (the entry's and each applicant route's chunks): V8 compiles all their functions with the script (on a
 * background thread when the file is streamed) instead of each module function on the main thread the first time
 * webpack calls it. That lazy compilation was 40-50 % of the long tasks of every applicant page (scripts/bench/
 * long_tasks.py; decision 0070, issue 27). Added after minification (Terser would drop the comment) and before the
 * content hash and the compressed copies; other browsers ignore a comment. */
class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          const { routes } = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'src/app/routePreloads.json'), 'utf8'));
          const wanted = new Set(['main', ...routes.flatMap((route) => [...route.chunks, ...(route.later || [])])]);
          const files = new Set();
          compilation.namedChunkGroups.forEach((group, name) => {
            if (wanted.has(name)) group.getFiles().forEach((file) => file.endsWith('.js') && files.add(file));
          });
          files.forEach((file) =>
            compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source)),
          );
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  const isProd = argv.mode === 'production';
  const babelRule = {
    test: /\.jsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'babel-loader',
      options: { configFile: path.resolve(__dirname, 'babel.config.js'), cacheDirectory: true },
    },
  };
  // MUI X ships .mjs files that import '@mui/material/<Component>' without an extension; webpack would
  // otherwise demand fully specified paths in ES modules.
  const muiXRule = { test: /\.m?js$/, include: /node_modules[\\/]@mui[\\/]x-/, resolve: { fullySpecified: false } };
  const client = {
    name: 'client',
    mode: isProd ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.jsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      chunkFilename: isProd ? 'static/js/[name].[contenthash:10].chunk.js' : 'static/js/[name].chunk.js',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
      clean: true,
    },
    // Never eval-based: CSP has no 'unsafe-eval'.
    devtool: isProd ? false : 'cheap-module-source-map',
    resolve: { extensions: ['.js', '.jsx', '.json'] },
    module: {
      rules: [
        babelRule,
        muiXRule,
        { test: /\.(png|jpe?g|gif|svg|webp|ico)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(__dirname, 'public/index.html'),
        filename: 'index.html',
        scriptLoading: 'defer',
        inject: 'head',
      }),
      new ChunkGroupsManifestPlugin(),
      new CompileHintsPlugin(),
      muiThemeWithoutVars(require('webpack')),
      ...(isProd ? compressionPlugins() : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: 'initial', priority: -10 },
          // The libraries of the applicant's shell (header, drawer, footer: MUI's AppBar, Drawer, Modal, List, ...)
          // in one chunk instead of a dozen small shared ones: every applicant screen downloads them first, six
          // requests at a time over HTTP/1.1 (decision 0070). Taken from every lazy chunk but /auth's (one copy for
          // the applicant's screens; /auth keeps its own), never what the entry already holds (vendor).
          applicantShell: {
            test: (module, { chunkGraph }) => {
              if (!/[\\/]node_modules[\\/]/.test(module.nameForCondition() || '')) return false;
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              return chunks.some((chunk) => chunk.name === 'layout') && !chunks.some((chunk) => chunk.canBeInitial());
            },
            name: 'applicant-shell',
            chunks: (chunk) => chunk.name !== 'auth',
            enforce: true,
            priority: 5,
          },
        },
      },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.CLIENT_PORT || 3000),
      historyApiFallback: true,
      hot: true,
      client: { overlay: true },
      proxy: [
        {
          context: ['/api'],
          target: process.env.API_PROXY_TARGET || 'http://localhost:8000',
          changeOrigin: false,
        },
      ],
    },
  };
  // The dev server serves index.html as it is; the build also prerenders /auth (webpack.prerender.js).
  if (env && env.WEBPACK_SERVE) return client;
  const prerender = prerenderConfig({ isProd, babelRule, muiXRule });
  prerender.plugins.push(muiThemeWithoutVars(require('webpack'))); // the same theme code as the browser hydrates with
  return [client, prerender];
};
