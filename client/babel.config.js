// Babel configuration shared by webpack (babel-loader) and jest (babel-jest).
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      [
        '@babel/preset-env',
        isTest ? { targets: { node: 'current' } } : { targets: 'defaults', bugfixes: true },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
    ],
  };
};
