import { runLifecycle, type MicroApp, type MicroAppProps } from '@meridian/shared';

export type FallbackRenderer = (element: HTMLElement, name: string, onRetry: () => void) => () => void;

/**
 * Wraps a remote's lifecycles so that a bootstrap or mount that throws leaves a contained fallback in that
 * remote's element instead of breaking single-spa (which would mark the app broken and skip it for good).
 * Retry runs the remote's mount again; when bootstrap itself failed, `reload` fetches the remote anew.
 */
export function guardLifecycles(name: string, app: MicroApp, renderFallback: FallbackRenderer, reload: () => void): MicroApp {
  let bootstrapError: unknown = null;
  let removeFallback: (() => void) | null = null;

  const showFallback = (props: MicroAppProps, onRetry: () => void) => {
    removeFallback?.();
    removeFallback = renderFallback(props.domElement, name, onRetry);
  };

  const mount = async (props: MicroAppProps): Promise<void> => {
    if (bootstrapError) {
      showFallback(props, reload);
      return;
    }
    try {
      await runLifecycle(app.mount, props);
    } catch (error) {
      console.error(`[meridian] ${name} failed to mount`, error);
      showFallback(props, () => {
        removeFallback?.();
        removeFallback = null;
        void mount(props);
      });
    }
  };

  return {
    bootstrap: async (props) => {
      try {
        await runLifecycle(app.bootstrap, props);
      } catch (error) {
        console.error(`[meridian] ${name} failed to bootstrap`, error);
        bootstrapError = error;
      }
    },
    mount,
    unmount: async (props) => {
      if (removeFallback) {
        removeFallback();
        removeFallback = null;
        return;
      }
      await runLifecycle(app.unmount, props);
    },
  };
}
