import { useCallback, useEffect, useState } from 'react';
import { site } from '@meridian/contracts';
import { call } from '@meridian/shared';

/** The part of site-setting/getSetting these pages read; '' means not configured. */
export interface SiteLinks {
  customerServiceUrl: string;
  companyWebsite: string;
}

/** The page shows its own error state, so the request is silent (no toast on top). */
export function fetchSiteLinks(): Promise<SiteLinks> {
  return call(site.settings, undefined, { silent: true }).then((data: Partial<SiteLinks> | null) => ({
    customerServiceUrl: typeof data?.customerServiceUrl === 'string' ? data.customerServiceUrl.trim() : '',
    companyWebsite: typeof data?.companyWebsite === 'string' ? data.companyWebsite.trim() : '',
  }));
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

export function useSiteLinks(load: () => Promise<SiteLinks> = fetchSiteLinks): { state: SiteLinksState; retry: () => void } {
  const [state, setState] = useState<SiteLinksState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    load().then(
      (links) => !cancelled && setState({ status: 'ready', links }),
      () => !cancelled && setState({ status: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
