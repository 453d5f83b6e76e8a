import { FIRST_FRAME_ID, releaseFirstFrame } from './first-frame';

/** The outlet as the server answers a route with a first frame (app-shell.ts firstFrameHtml). */
function serve(): { frame: HTMLElement; outlet: HTMLElement } {
  document.body.innerHTML =
    '<div id="meridian-frame"><div id="chrome-top"></div><main id="meridian-outlet">' +
    `<div id="${FIRST_FRAME_ID}" class="first-frame" aria-hidden="true"><div class="first-frame-header"><div>` +
    '<p class="first-frame-title">Wallet</p><p class="first-frame-subtitle">See your wallets</p></div></div></div></main></div>';
  return { frame: document.getElementById(FIRST_FRAME_ID)!, outlet: document.getElementById('meridian-outlet')! };
}

/** MutationObserver callbacks are microtasks: the assertion runs after them, as a paint would. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  window.history.replaceState(null, '', '/');
});

describe('the first frame', () => {
  it("stays while the page loads (its app's container, a spinner) and goes when the page's own heading comes", async () => {
    window.history.replaceState(null, '', '/pages/wallet/index');
    const { frame, outlet } = serve();
    stop = releaseFirstFrame();
    const app = document.createElement('div');
    app.className = 'meridian-app';
    outlet.appendChild(app);
    app.innerHTML = '<div role="status">Loading</div>';
    await settled();
    expect(frame.isConnected).toBe(true);

    app.innerHTML = '<section><header><div><h1 id="page-title">Wallet</h1></div></header></section>';
    await settled();
    expect(frame.isConnected).toBe(false);
    expect(outlet.querySelectorAll('h1')).toHaveLength(1);
  });

  it('goes when the address changes (a relaunch, a navigation) even before anything renders there', async () => {
    window.history.replaceState(null, '', '/pages/wallet/index');
    const { frame, outlet } = serve();
    stop = releaseFirstFrame();
    window.history.replaceState(null, '', '/pages/desktop/assets');
    outlet.appendChild(document.createElement('div'));
    await settled();
    expect(frame.isConnected).toBe(false);
  });

  it('goes when something above it would move it (no layout shift is ever drawn)', async () => {
    window.history.replaceState(null, '', '/pages/home/index');
    const { frame } = serve();
    let top = 0;
    jest.spyOn(frame, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect);
    stop = releaseFirstFrame();
    const banner = document.createElement('div');
    document.getElementById('chrome-top')!.appendChild(banner);
    await settled();
    expect(frame.isConnected).toBe(true);
    top = 46;
    banner.textContent = 'the bell row';
    await settled();
    expect(frame.isConnected).toBe(false);
  });

  it('does nothing on a page served without one', () => {
    document.body.innerHTML = '<main id="meridian-outlet"></main>';
    expect(() => (stop = releaseFirstFrame())).not.toThrow();
  });
});
