const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

module.exports = createFederatedConfig({
  dir: __dirname,
  // './market-widget': the live market overview the shell's home composes (a React component, not an app);
  // './spot-holdings': its wallet.holdings contribution (meridian.routes.json), rendered by mf_accounts
  exposes: { './app': './src/app.tsx', './market-widget': './src/market-widget.ts', './spot-holdings': './src/spot-holdings.ts' },
  title: 'Meridian · Trading (standalone preview)',
  devPort: pkg.meridian.devPort,
});
