import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AreaPending } from './components/AreaPending';
import { NotFound } from './components/NotFound';
import { AREAS, P, PENDING, REDIRECTS } from './paths';
import { IcoIndexPage } from './pages/ico/index/IndexPage';
import { EarnIndexPage } from './pages/earn/index/IndexPage';
import { SmartPoolIndexPage } from './pages/smart-pool/index/IndexPage';
import { ManageAccountIndexPage } from './pages/manage-account/index/IndexPage';
import { DesktopIcoPage } from './pages/desktop/ico/IcoPage';
import { DesktopManagePage } from './pages/desktop/manage/ManagePage';
import { DesktopSmartPoolIndexPage } from './pages/desktop/smart-pool/index/IndexPage';

/** The screens built so far. */
const SCREENS: Array<[path: string, element: ReactElement]> = [
  [P.ico, <IcoIndexPage />],
  [P.earn, <EarnIndexPage />],
  [P.smartPool, <SmartPoolIndexPage />],
  [P.manageAccount, <ManageAccountIndexPage />],
  [P.desktopIco, <DesktopIcoPage />],
  [P.desktopManage, <DesktopManagePage />],
  [P.desktopSmartPool, <DesktopSmartPoolIndexPage />],
];

/** Bare prefixes and index-less folders open their index. */
const ALL_REDIRECTS: Array<[from: string, to: string]> = [
  ...AREAS.filter((area) => area.prefix !== area.index).map((area): [string, string] => [area.prefix, area.index]),
  ...REDIRECTS,
];

/** mf_invest's router: only this remote's prefixes (meridian.routes.json); the shell owns the rest. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        {SCREENS.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        {PENDING.map((route) => (
          <Route key={route.path} path={route.path} element={<AreaPending route={route} />} />
        ))}
        {ALL_REDIRECTS.map(([from, to]) => (
          <Route key={`${from}:redirect`} path={from} element={<Navigate to={to} replace />} />
        ))}
        {AREAS.map((area) => (
          <Route key={`${area.prefix}:unknown`} path={`${area.prefix}/*`} element={<NotFound area={area} />} />
        ))}
        {/* outside this remote's prefixes (only during a route change): render nothing */}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
