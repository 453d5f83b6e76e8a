import { DESKTOP_HOME, MOBILE_HOME, MOBILE_ONLY_NOTICE, relaunchRedirect, startupRedirect } from './startup';
import { watchRelaunch } from './relaunch';
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

  it('relaunches a wide window opening a mobile page (a direct link) to its desktop page, as on show', () => {
    expect(startupRedirect('/pages/quote/index', 1280, false)).toBe(DESKTOP_HOME);
    expect(startupRedirect('/pages/quote/index/', 1280, false)).toBe(DESKTOP_HOME);
    expect(startupRedirect('/pages/wallet/index', 1001, false)).toBe('/pages/desktop/assets');
    expect(startupRedirect('/pages/desktop/assets', 1280, false)).toBeNull();
    expect(startupRedirect('/pages/quote/index', 1000, false)).toBeNull();
    expect(startupRedirect('/pages/loan/index', 1280, false)).toBe(DESKTOP_HOME);
    // pages the desktop layout shows itself stay
    expect(startupRedirect('/pages/trade-chart/index', 1280, false)).toBeNull();
    expect(startupRedirect('/pages/home/index', 1280, false)).toBeNull();
    expect(startupRedirect('/pages/profile/helper-center', 1280, false)).toBeNull();
    // the system pages of the user's location, at start and on relaunch
    for (const page of ['/choose-location', '/open-location']) {
      expect(startupRedirect(page, 1280, false)).toBeNull();
      expect(relaunchRedirect(page, 1280, false)).toBeNull();
    }
  });

  it('keeps a wide window on the market search (the desktop top bar’s search lands there), at start and on relaunch', () => {
    expect(startupRedirect('/pages/search/index', 1280, false)).toBeNull();
    expect(relaunchRedirect('/pages/search/index', 1280, false)).toBeNull();
    expect(startupRedirect('/pages/search/index', 1280, true)).toBe(MOBILE_ONLY_NOTICE);
  });

  it('assumes 375 when the width cannot be read', () => {
    expect(readWidth({ innerWidth: 0 })).toBe(FALLBACK_WIDTH);
    expect(readWidth({ innerWidth: Number.NaN })).toBe(FALLBACK_WIDTH);
    expect(readWidth({} as Window)).toBe(FALLBACK_WIDTH);
    expect(layoutFor(1000)).toBe('mobile');
    expect(layoutFor(1001)).toBe('desktop');
  });
});

describe('relaunch on resize or show', () => {
  it('sends a wide window on a mobile page to the desktop market', () => {
    expect(relaunchRedirect('/pages/quote/index', 1280, false)).toBe(DESKTOP_HOME);
    expect(relaunchRedirect('/pages/desktop/trade', 1280, false)).toBeNull();
    // the chart and the home page are shown by the desktop layout itself: a show (or resize) keeps them
    expect(relaunchRedirect('/pages/trade-chart/index', 1280, false)).toBeNull();
    expect(relaunchRedirect('/pages/home/index', 1280, false)).toBeNull();
  });

  it('sends a narrow window on a desktop page to the mobile home', () => {
    expect(relaunchRedirect('/pages/desktop/trade', 1000, false)).toBe(MOBILE_HOME);
    expect(relaunchRedirect('/pages/quote/index', 800, false)).toBeNull();
  });

  it('keeps wide windows on the notice while mobile-only is on, and lets narrow ones leave it', () => {
    expect(relaunchRedirect('/pages/quote/index', 1280, true)).toBe(MOBILE_ONLY_NOTICE);
    expect(relaunchRedirect(MOBILE_ONLY_NOTICE, 1280, true)).toBeNull();
    expect(relaunchRedirect(MOBILE_ONLY_NOTICE, 390, true)).toBe(MOBILE_HOME);
  });
});

describe('watchRelaunch', () => {
  afterEach(() => jest.useRealTimers());

  it('relaunches once the resize settles', () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/pages/quote/index');
    const replace = jest.fn();
    const stop = watchRelaunch(false, replace);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('resize'));
    expect(replace).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledWith(DESKTOP_HOME);
    stop();
    window.dispatchEvent(new Event('resize'));
    jest.advanceTimersByTime(200);
    expect(replace).toHaveBeenCalledTimes(1);
  });
});
