import type { AxiosInstance } from 'axios';
import type { i18n as I18n } from 'i18next';
import { bindLanguage, installRequestConventions, type PlatformStore } from '@meridian/shared';
import { watchConnectivity } from './connectivity';

export interface ConventionsOptions {
  /** The platform store (session, language, toasts). */
  store: PlatformStore;
  /** The platform's one axios instance (shared `http`). */
  http: AxiosInstance;
  /** Platform navigation (shared `navigate`). */
  navigate: (url: string) => void;
  /** Viewport width (layout/viewport `readWidth`). */
  readWidth: () => number;
  /** When given, the stored language and this i18n instance are kept together (the lang header follows i18n). */
  i18n?: Pick<I18n, 'language' | 'changeLanguage' | 'on' | 'off'>;
  /** Where online/offline events come from; window by default. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The page address (window.location.href by default) and connectivity (navigator.onLine by default). */
  readHref?: () => string;
  isOnline?: () => boolean;
}

/**
 * Installs the shell's conventions once, before any request: the request conventions on the one axios
 * instance (headers, envelope, session expiry, KYC redirect, offline toast), the online/offline toasts, and
 * optionally the language binding. Returns the function that removes them all.
 */
export function installConventions(options: ConventionsOptions): () => void {
  const { store, http, navigate, readWidth, i18n, events, readHref, isOnline } = options;
  const stops = [
    installRequestConventions(http, {
      store,
      navigate,
      readWidth,
      ...(readHref ? { readHref } : {}),
      ...(isOnline ? { isOnline } : {}),
    }),
    watchConnectivity(store, events),
  ];
  if (i18n) stops.push(bindLanguage(store, i18n));
  return () => {
    for (const stop of stops.reverse()) stop();
  };
}
