import { createRemoteRoutes } from '@meridian/shared/remote';
import manifest from '../meridian.routes.json';
import { NS } from './i18n';

/** mf_stocks's router, from its manifest (meridian.routes.json: pages, areas, pending screens, redirects). */
export const { App, preloadScreen, screenLoaded } = createRemoteRoutes({
  namespace: NS,
  manifest,
  // each page its own chunk: the files under src/pages the manifest can name
  loadPage: (file) => import(/* webpackInclude: /(Page|Pages|Screens|screens)\.tsx$/ */ `./pages/${file}.tsx`),
});
