import { i18n } from '../i18n/instance';
// Type-only: the English file defines the keys, and is never bundled from here (texts load per language).
import type sessionEn from '../../locales/en/session.json';

export const SESSION_NAMESPACE = 'session';

/** Keys of the session and request conventions' texts (shared/locales/<lng>/session.json). */
export type SessionTextKey = keyof typeof sessionEn;

/** One text of the namespace in the current language (for code outside React: interceptors, listeners). */
export function sessionText(key: SessionTextKey): string {
  return i18n.t(key, { ns: SESSION_NAMESPACE });
}
