import { relaunchRedirect } from './startup';
import { readWidth } from './viewport';

const SETTLE_MS = 150;

/**
 * Watches resize and show (returning to the tab or page) and replaces the address when the layout rule says
 * the current page no longer fits the window. Waits for the resize to settle so a drag does not relaunch
 * the app at every pixel.
 */
export function watchRelaunch(mobileOnly: boolean, replace: (url: string) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const target = relaunchRedirect(window.location.pathname, readWidth(), mobileOnly);
    if (target) replace(target);
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(check, SETTLE_MS);
  };
  const onShow = () => {
    if (document.visibilityState === 'visible') check();
  };
  window.addEventListener('resize', onResize);
  window.addEventListener('pageshow', check);
  document.addEventListener('visibilitychange', onShow);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
    window.removeEventListener('pageshow', check);
    document.removeEventListener('visibilitychange', onShow);
  };
}
