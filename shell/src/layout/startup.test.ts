import { DESKTOP_HOME, MOBILE_HOME, MOBILE_ONLY_NOTICE, startupRedirect } from './startup';
import { FALLBACK_WIDTH, layoutFor, readWidth } from './viewport';

describe('startup redirect', () => {
  it('sends wide screens to the notice while mobile-only is on', () => {
    expect(startupRedirect('/pages/quote/index', 1280, true)).toBe(MOBILE_ONLY_NOTICE);
    expect(startupRedirect(MOBILE_ONLY_NOTICE, 1280, true)).toBeNull();
  });

  it('allows the breakpoint itself and below', () => {
    expect(startupRedirect('/pages/quote/index', 1000, true)).toBeNull();
    expect(startupRedirect('/pages/quote/index', 375, true)).toBeNull();
  });

  it('starts wide screens at the desktop market and leaves the notice when it no longer applies', () => {
    expect(startupRedirect('/', 1280, false)).toBe(DESKTOP_HOME);
    expect(startupRedirect('/', 390, false)).toBeNull();
    expect(startupRedirect(MOBILE_ONLY_NOTICE, 390, true)).toBe(MOBILE_HOME);
    expect(startupRedirect(MOBILE_ONLY_NOTICE, 1280, false)).toBe(DESKTOP_HOME);
  });

  it('assumes 375 when the width cannot be read', () => {
    expect(readWidth({ innerWidth: 0 })).toBe(FALLBACK_WIDTH);
    expect(readWidth({ innerWidth: Number.NaN })).toBe(FALLBACK_WIDTH);
    expect(readWidth({} as Window)).toBe(FALLBACK_WIDTH);
    expect(layoutFor(1000)).toBe('mobile');
    expect(layoutFor(1001)).toBe('desktop');
  });
});
