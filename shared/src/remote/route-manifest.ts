import type { RemoteManifest } from '../slots/manifest';

/**
 * The whole of a remote's routing, in its meridian.routes.json next to the prefixes and slots the shell reads:
 * the shared template (createRemoteRoutes) turns it into the remote's router, so a new remote is this file and
 * its pages.
 */
export interface RemoteRouteManifest extends RemoteManifest {
  /** One per owned prefix: the index its bare prefix opens and its not-found page links back to. */
  areas: readonly RemoteArea[];
  /** Screen URL -> the page that renders it. */
  pages: Readonly<Record<string, RemotePage>>;
  /** [from, to]: folders without a screen of their own, and folded steps; the query is kept. */
  redirects?: ReadonlyArray<readonly string[]>;
}

export interface RemoteArea {
  prefix: string;
  index: string;
  /** Key of the remote's texts. */
  title: string;
}

export interface RemotePage {
  /** "<file under src/pages, no extension>#<export>": the page's own chunk, loaded on its first visit. */
  module: string;
  /** Only for a session: a visitor is told "Please log in first" and sent to login, which brings them back. */
  login?: boolean;
  /** Fixed props the route gives the page (one page serving two URLs). */
  props?: Readonly<Record<string, string>>;
}

/** Splits a page's module reference into its file and export. */
export function pageModule(page: RemotePage): { file: string; name: string } {
  const [file, name] = page.module.split('#');
  if (!file || !name) throw new Error(`a page module is "<file>#<export>", not "${page.module}"`);
  return { file, name };
}
