import { site, type DataOf } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';

/** The part of site-setting/getSetting these pages read; '' means not configured. */
export interface SiteLinks {
  customerServiceUrl: string;
  companyWebsite: string;
}

/** The two addresses of the settings, trimmed; anything missing is not configured. */
export function linksOf(answer: DataOf<typeof site.settings> | null): SiteLinks {
  const data = answer as Partial<SiteLinks> | null;
  return {
    customerServiceUrl: typeof data?.customerServiceUrl === 'string' ? data.customerServiceUrl.trim() : '',
    companyWebsite: typeof data?.companyWebsite === 'string' ? data.companyWebsite.trim() : '',
  };
}

/** An address we are willing to open: http(s) or a path on this site. Anything else counts as not configured. */
export function openableUrl(value: string): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

export type SiteLinksState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; links: SiteLinks };

/**
 * site-setting/getSetting as the pages need it: a contract read (silent: the page shows its own error state, no
 * toast on top), shared with every other screen reading the settings. A failure is the page's to retry.
 */
export function useSiteLinks(): { state: SiteLinksState; retry: () => void } {
  const query = useApiQuery(site.settings, undefined, { select: linksOf, retry: false });
  const state: SiteLinksState = query.data ? { status: 'ready', links: query.data } : query.isError && !query.isFetching ? { status: 'error' } : { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}
