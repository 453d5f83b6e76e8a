import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { i18n, platformQueryClient, platformStore, QueryClientProvider } from '@meridian/shared';
import { UpdateCheck } from './UpdateCheck';

/**
 * Starts the app update check once the platform is up: the dialog (if any) renders into its own element on
 * top of everything, with the platform store and the shell's texts. Never throws.
 */
export function startUpdateCheck(): void {
  try {
    const element = document.body.appendChild(document.createElement('div'));
    element.id = 'update-root';
    createRoot(element).render(
      <Provider store={platformStore}>
        <QueryClientProvider client={platformQueryClient}>
          <I18nextProvider i18n={i18n} defaultNS="shell">
            <UpdateCheck />
          </I18nextProvider>
        </QueryClientProvider>
      </Provider>,
    );
  } catch (error) {
    console.warn('[meridian] the update check could not start', error);
  }
}
