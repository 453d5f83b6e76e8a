import { screen } from '@testing-library/react';
import { runLifecycle } from '@meridian/shared';
import * as app from './app';

// single-spa-react resolves mount from an effect, which act() would hold back: run this file outside act
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previous: boolean | undefined;
beforeAll(() => {
  previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
});

describe('mf_stocks lifecycles', () => {
  it('bootstraps, mounts into the given element and unmounts cleanly', async () => {
    window.history.pushState({}, '', '/pages/stock/index');
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf_stocks', domElement };
    await runLifecycle(app.bootstrap, props);
    await runLifecycle(app.mount, props);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stocks' })).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_stocks).toBeDefined();
    await runLifecycle(app.unmount, props);
    expect(domElement).toBeEmptyDOMElement();
  });
});
