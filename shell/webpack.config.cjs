const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

module.exports = createFederatedConfig({ dir: __dirname, title: 'Meridian', devPort: pkg.meridian.devPort });
