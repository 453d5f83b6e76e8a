import type { ReactNode } from 'react';
import { Protected } from '@meridian/shared';
import { usePathname } from '../layout/viewport';
import { CustomerServicePage, WebsiteCompanyPage } from './customer-service/CustomerServicePage';
import { HomePage } from './home/HomePage';
import { ChooseLocationPage } from './location/ChooseLocationPage';
import { OpenLocationPage } from './location/OpenLocationPage';
import { MobileOnlyNoticePage } from './mobile-only-notice/MobileOnlyNoticePage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { SplashPage } from './splash/SplashPage';

/**
 * The shell's pages by exact path. A lookup rather than react-router: these few fixed paths need no matching,
 * and the home route (the first load of most visits) then never downloads the router, which the first remote
 * that routes brings in as the shared singleton (tooling/federation.cjs).
 */
const PAGES: Record<string, () => ReactNode> = {
  '/': () => <HomePage />,
  '/pages/home': () => <HomePage />,
  '/pages/home/index': () => <HomePage />,
  // customer service is for logged-in users only (spec §6); a visitor goes to login and comes back
  '/pages/home/components/customer-service': () => (
    <Protected>
      <CustomerServicePage />
    </Protected>
  ),
  '/pages/home/components/customer-service-mobile': () => (
    <Protected>
      <CustomerServicePage />
    </Protected>
  ),
  '/pages/home/components/website-company': () => <WebsiteCompanyPage />,
  '/splash': () => <SplashPage />,
  '/pages/mobile-only-notice': () => <MobileOnlyNoticePage />,
  // the first document's system pages: the country or region the app is used from, and that place on a map
  '/choose-location': () => <ChooseLocationPage />,
  '/open-location': () => <OpenLocationPage />,
};

/** The page for a path: a trailing slash is the same page; any address no remote claims gets "not found". */
export function shellPageFor(pathname: string): () => ReactNode {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES[path] ?? (() => <NotFoundPage />);
}

/** The pages the shell itself owns; any address no remote claims lands here too (and gets "not found"). */
export function ShellPages() {
  const page = shellPageFor(usePathname());
  return <>{page()}</>;
}
