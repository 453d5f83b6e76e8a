import { screen } from '@testing-library/react';
import { mountMicroApp } from '@meridian/shared/testing';
import * as app from './app';

describe('mf_accounts lifecycles', () => {
  it('bootstraps, mounts into the given element and unmounts cleanly', async () => {
    const mounted = await mountMicroApp(app, 'mf_accounts', '/pages/profile/language');
    expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_accounts).toBeDefined();
    await mounted.unmount();
    expect(mounted.domElement).toBeEmptyDOMElement();
  });
});
