import { act } from '@testing-library/react';
import { runLifecycle, type MicroApp, type MicroAppProps } from '../micro-app/contract';
import { platformQueryClient } from '../query/client';

/**
 * Bootstraps and mounts a micro-app at `url` the way the shell does, into a fresh element. single-spa-react
 * resolves mount only after React commits, so the mount is started inside act and awaited after it.
 */
export async function mountMicroApp(app: MicroApp, name: string, url: string) {
  window.history.pushState({}, '', url);
  // a mounted micro-app uses the page's one QueryClient: answers cached by an earlier test must not show here
  platformQueryClient.clear();
  const props: MicroAppProps = { name, domElement: document.body.appendChild(document.createElement('div')) };
  await runLifecycle(app.bootstrap, props);
  await inAct(() => runLifecycle(app.mount, props));
  return {
    domElement: props.domElement,
    unmount: () => inAct(() => runLifecycle(app.unmount, props)),
  };
}

/** Mount first waits for the app's texts: the act scope lasts until the render it then asks for is queued. */
async function inAct(start: () => Promise<void>): Promise<void> {
  let running!: Promise<void>;
  await act(async () => {
    running = start();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  await running;
}
