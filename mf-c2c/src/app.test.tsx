import { screen } from '@testing-library/react';
import { mountMicroApp } from '@meridian/shared/testing';
import * as app from './app';

describe('mf_c2c lifecycles', () => {
  it('bootstraps, mounts into the given element and unmounts cleanly', async () => {
    const mounted = await mountMicroApp(app, 'mf_c2c', '/pages/c2c/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'C2C trading' })).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_c2c).toBeDefined();
    await mounted.unmount();
    expect(mounted.domElement).toBeEmptyDOMElement();
  });
});
