import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ErrorState, i18n } from '@meridian/shared';

export function RemoteFallback({ name, onRetry }: { name: string; onRetry: () => void }) {
  return (
    <div data-testid={`remote-fallback-${name}`}>
      <ErrorState onRetry={onRetry} />
    </div>
  );
}

/** Renders the contained fallback of one application into its own element; returns how to remove it. */
export function renderFallback(element: HTMLElement, name: string, onRetry: () => void): () => void {
  const host = document.createElement('div');
  element.appendChild(host);
  const root = createRoot(host);
  root.render(
    <I18nextProvider i18n={i18n}>
      <RemoteFallback name={name} onRetry={onRetry} />
    </I18nextProvider>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
