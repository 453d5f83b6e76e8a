const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

module.exports = createFederatedConfig({
  dir: __dirname,
  exposes: { './app': './src/app.tsx' },
  title: 'Meridian · Trading (standalone preview)',
  devPort: pkg.meridian.devPort,
});
