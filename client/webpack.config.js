/* Webpack 5 configuration of the Qabyldau web client.
 *
 * - output goes to client/dist; assets live under dist/static/ with content hashes,
 *   index.html at the dist root (served by Flask with a history fallback).
 * - no eval-based source maps and no inline scripts: the server's CSP forbids them.
 * - the dev server proxies /api to the Flask server on localhost:8000.
 */
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

module.exports = (env, argv) => {
  const isProd = argv.mode === 'production';
  return {
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
        {
          test: /\.jsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: { configFile: path.resolve(__dirname, 'babel.config.js'), cacheDirectory: true },
          },
        },
        // MUI X ships .mjs files that import '@mui/material/<Component>' without an extension; webpack would
        // otherwise demand fully specified paths in ES modules.
        { test: /\.m?js$/, include: /node_modules[\\/]@mui[\\/]x-/, resolve: { fullySpecified: false } },
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
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          vendor: { test: /[\\/]node_modules[\\/]/, name: 'vendor', chunks: 'initial', priority: -10 },
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
};
