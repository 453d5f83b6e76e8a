import { navigateToUrl } from 'single-spa';

/**
 * Navigates anywhere in the platform. single-spa routes between applications; each remote's own router
 * picks up the change from the history event, so links across remotes and within one behave the same.
 */
export function navigate(url: string): void {
  navigateToUrl(url);
}
