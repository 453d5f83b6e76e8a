// Screens are lazy chunks (shared/src/remote): tests that render a remote's routes get the pages it declared
// loaded up front, as a browser that preloaded the route would, so they can assert synchronously. A test file
// that never builds a remote's routes declares none, and this costs nothing.
import { preloadAllPages } from '../remote/page-registry';

beforeAll(() => preloadAllPages());
