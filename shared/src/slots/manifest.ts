/**
 * A remote's manifest (its meridian.routes.json): the route prefixes it owns and what it contributes to the
 * named slots the shell and other remotes render. The assembler copies it into mf-config.json, which the
 * server inlines into index.html, so reading the slots costs no request of its own.
 */
export interface RemoteManifest {
  routes: string[];
  slots?: SlotContributions;
}

/** A link a remote adds to a slot: its label and hint are keys of the remote's own texts (see slotLabel). */
export interface LinkContribution {
  id: string;
  href: string;
  label: string;
  hint?: string;
  /** Place among every remote's entries of the slot, lowest first. */
  order: number;
  /** Prefixes under which this entry is the active one (nav.top); its href's prefix when absent. */
  activeOn?: string[];
}

/**
 * A named invalidation group: which queries the live push of `action` makes stale, and so does every mutation
 * naming the group (`useApiMutation(contract, { invalidates: [action] })`): every query whose key starts with one
 * of these API paths, declared once for both. Several remotes may name the same action (a product's order push
 * also moves the wallet's balances); a group only mutations name (an address book edit) is one the server never
 * pushes.
 */
export interface PushInvalidation {
  action: string;
  queries: string[];
  /** false for a group only mutations name: no server push has this action (the manifest checks allow it). */
  pushed?: boolean;
}

/**
 * A section a remote adds to another's screen: a module its federation build exposes (lazy-loaded from that
 * remote when the section shows), under a heading from the remote's own texts.
 */
export interface ModuleContribution {
  id: string;
  /** The exposed module, as in the remote's webpack config ("./spot-holdings"): its default export renders. */
  module: string;
  label: string;
  order: number;
  /** The wallet whose desktop asset page shows it too (wallet.holdings); the overview and the wallet tab show all. */
  wallet?: string;
}

/** The slots a remote may contribute to, and the shape of one contribution. */
export interface SlotContributions {
  'home.entries'?: LinkContribution[];
  'nav.top'?: LinkContribution[];
  'push.invalidations'?: PushInvalidation[];
  /** A product's holdings section on the wallet tab and the desktop asset pages (rendered by mf_accounts). */
  'wallet.holdings'?: ModuleContribution[];
}

export type SlotName = keyof SlotContributions;

/** One contribution as a consumer sees it: tagged with the remote that brought it. */
export type SlotEntry<S extends SlotName> = NonNullable<SlotContributions[S]>[number] & { remote: string };

/** The i18n namespace holding every live remote's slot texts, keyed by remote (served as /slot-texts/<lng>.json). */
export const SLOT_TEXTS_NAMESPACE = 'slots';

/** The key, in SLOT_TEXTS_NAMESPACE, of a remote's text. */
export function slotTextKey(remote: string, key: string): string {
  return `${remote}.${key}`;
}
