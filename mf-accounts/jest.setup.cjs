// Screens are lazy chunks (src/routing/lazy-page.tsx): tests that render routes get them loaded up front, as a
// browser that preloaded the route would, so they can assert synchronously.
const { preloadAllPages } = require('./src/routing/lazy-page');

beforeAll(() => preloadAllPages());
