/** The element the server writes into the outlet (server/src/modules/platform/app-shell.ts FIRST_FRAME_ID). */
export const FIRST_FRAME_ID = 'first-frame';

/**
 * Hands the first frame over to the page (issue 24). The server draws the route's title and subtitle into the
 * outlet so the first paint needs no script; it must go in the very frame the page's own header appears, never
 * before (a blank) nor after (the title twice). A MutationObserver's callback runs after the DOM change and before
 * the next paint, so it is removed there, the first time any of these holds:
 * - a heading of the page's own is in the outlet (its Page header, or a screen without one: login, an error);
 * - the address is no longer the one it was drawn for (the start relaunched elsewhere, or the user navigated);
 * - it moved (something appeared above it: a banner, the home page's bell row), which would count as a layout shift.
 * Returns the function that stops watching (for tests; the page never needs it).
 */
export function releaseFirstFrame(doc: Document = document): () => void {
  const frame = doc.getElementById(FIRST_FRAME_ID);
  const outlet = frame?.parentElement;
  if (!frame || !outlet) return () => undefined;
  const drawnFor = doc.location.pathname;
  const top = frame.getBoundingClientRect().top;
  const done = () => {
    const heading = [...outlet.querySelectorAll('h1')].some((h1) => !frame.contains(h1));
    return heading || doc.location.pathname !== drawnFor || frame.getBoundingClientRect().top !== top;
  };
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    frame.remove();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
