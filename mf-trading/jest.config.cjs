module.exports = { ...require('@meridian/tooling/jest'), rootDir: __dirname };
