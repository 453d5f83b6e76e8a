import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DemoInvestConfirmation, LANGUAGES, themeAtom, Toaster, type MicroAppProps } from '@meridian/shared';
import type { Overrides } from '../config/staging-override';
import { useLayout, usePathname } from '../layout/viewport';
import { DemoBanner } from './DemoBanner';
import { LivePausedBanner } from './LivePausedBanner';
import { MobileHomeHeader } from './NotificationBell';
import { StagingBanner } from './StagingBanner';
import { TabBar } from './TabBar';
import { TopNav } from './TopNav';

export interface ChromeProps extends MicroAppProps {
  overrides: Overrides;
  onResetOverrides: () => void;
}

/** Pages that show no navigation around them. */
const BARE_PAGES = ['/pages/mobile-only-notice', '/splash'];

/**
 * Marks the body with the layout and whether the page is bare, which reserve the desktop top bar's height
 * (chrome.module.css) from the first paint: the chrome mounts after its texts, often after a remote's loading
 * indicator, and must not push it down. The bootstrap calls it before anything renders, the chrome on each change.
 */
export function markFrame(layout: 'mobile' | 'desktop', pathname: string): void {
  document.body.dataset.layout = layout;
  if (BARE_PAGES.includes(pathname)) document.body.dataset.bare = '';
  else delete document.body.dataset.bare;
}

/**
 * The always-active chrome: staging banner and desktop top navigation above the outlet, the mobile tab bar
 * below it. It renders into the frame's fixed slots, so it never depends on a remote being up.
 */
export function Chrome({ overrides, onResetOverrides }: ChromeProps) {
  const layout = useLayout();
  const pathname = usePathname();
  const bare = BARE_PAGES.includes(pathname);

  const theme = useAtomValue(themeAtom);

  useEffect(() => {
    markFrame(layout, pathname);
  }, [layout, pathname]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // screen readers and fonts follow the chosen language (Vietnamese is stored under "ru")
  const { i18n } = useTranslation();
  useEffect(() => {
    document.documentElement.lang = LANGUAGES.find((language) => language.code === i18n.language)?.htmlLang ?? 'en';
  }, [i18n.language]);

  const top = document.getElementById('chrome-top');
  const bottom = document.getElementById('chrome-bottom');
  if (!top || !bottom) return null;
  return (
    <>
      {createPortal(
        <>
          <StagingBanner overrides={overrides} onReset={onResetOverrides} />
          <DemoBanner />
          <LivePausedBanner />
          {!bare && layout === 'desktop' ? <TopNav pathname={pathname} /> : null}
          {!bare && layout === 'mobile' ? <MobileHomeHeader pathname={pathname} /> : null}
        </>,
        top,
      )}
      {createPortal(!bare && layout === 'mobile' ? <TabBar pathname={pathname} /> : null, bottom)}
      <Toaster />
      <DemoInvestConfirmation />
    </>
  );
}
