import { sessionText, showToast, type PlatformStore } from '@meridian/shared';

/**
 * Online/offline toasts (spec §1): going offline shows "No network, please connect and retry", coming back
 * "Connect internet successfully". Returns the function that stops listening.
 */
export function watchConnectivity(store: PlatformStore, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const offline = () => showToast(store, sessionText('noNetwork'), 'error');
  const online = () => showToast(store, sessionText('backOnline'), 'success');
  target.addEventListener('offline', offline);
  target.addEventListener('online', online);
  return () => {
    target.removeEventListener('offline', offline);
    target.removeEventListener('online', online);
  };
}
