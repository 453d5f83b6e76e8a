import { screen } from '@testing-library/react';
import { mountMicroApp } from '@meridian/shared/testing';
import * as app from './app';

describe('mf_trading lifecycles', () => {
  it('bootstraps, mounts into the given element and unmounts cleanly', async () => {
    const mounted = await mountMicroApp(app, 'mf_trading', '/pages/search/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search markets' })).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_trading).toBeDefined();
    await mounted.unmount();
    expect(mounted.domElement).toBeEmptyDOMElement();
  });
});
