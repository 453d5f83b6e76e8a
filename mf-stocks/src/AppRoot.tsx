import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AreaPending } from './components/AreaPending';
import { NotFound } from './components/NotFound';
import { AREAS, P, PENDING, REDIRECTS } from './paths';
import { StockIndexPage } from './pages/stock/index/IndexPage';
import { AiTradingIndexPage } from './pages/stock/ai-trading/index/IndexPage';
import { DayTradingIndexPage } from './pages/stock/day-trading/index/IndexPage';
import { BlockTradeIndexPage } from './pages/block-trade/index/IndexPage';
import { DesktopBlockTradeIndexPage } from './pages/desktop/block-trade/index/IndexPage';

/** The screens built so far. */
const SCREENS: Array<[path: string, element: ReactElement]> = [
  [P.stock, <StockIndexPage />],
  [P.aiTrading, <AiTradingIndexPage />],
  [P.dayTrading, <DayTradingIndexPage />],
  [P.blockTrade, <BlockTradeIndexPage />],
  [P.desktopBlockTrade, <DesktopBlockTradeIndexPage />],
];

/** Bare prefixes and index-less folders open their index. */
const ALL_REDIRECTS: Array<[from: string, to: string]> = [
  ...AREAS.filter((area) => area.prefix !== area.index).map((area): [string, string] => [area.prefix, area.index]),
  ...REDIRECTS,
];

/** mf_stocks's router: only this remote's prefixes (meridian.routes.json); the shell owns the rest. */
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
