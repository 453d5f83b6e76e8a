import { screen } from '@testing-library/react';
import { mountMicroApp } from '@meridian/shared/testing';
import * as app from './app';

describe('mf_stocks lifecycles', () => {
  it('bootstraps, mounts into the given element and unmounts cleanly', async () => {
    const mounted = await mountMicroApp(app, 'mf_stocks', '/pages/stock/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stocks' })).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_stocks).toBeDefined();
    await mounted.unmount();
    expect(mounted.domElement).toBeEmptyDOMElement();
  });
});
