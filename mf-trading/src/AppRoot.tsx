import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { NotFound } from './components/NotFound';
import { AREAS, P } from './paths';
import { QuoteIndexPage } from './pages/quote/index/IndexPage';
import { TradeMarginIndexPage } from './pages/trade-margin/index/IndexPage';
import { TradeChartIndexPage } from './pages/trade-chart/index/IndexPage';
import { SearchIndexPage } from './pages/search/index/IndexPage';
import { DesktopMarketPage } from './pages/desktop/market/MarketPage';
import { DesktopTradePage } from './pages/desktop/trade/TradePage';
import { SpotOrderDetailPage } from './pages/trade-margin/spot/OrderDetailPage';
import { SpotPositionDetailPage } from './pages/trade-margin/spot/PositionDetailPage';
import { PerpHistoryDetailPage, PerpPositionDetailPage } from './pages/trade-margin/perpetual-contract/PositionDetailPage';
import { SecondsDetailPage } from './pages/trade-margin/seconds-contract/DetailPage';

/** The screens built so far. */
const SCREENS: Array<[path: string, element: ReactElement]> = [
  [P.quote, <QuoteIndexPage />],
  [P.tradeMargin, <TradeMarginIndexPage />],
  [P.tradeChart, <TradeChartIndexPage />],
  [P.search, <SearchIndexPage />],
  [P.desktopMarket, <DesktopMarketPage />],
  [P.desktopTrade, <DesktopTradePage />],
  [P.perpetualPositionDetail, <PerpPositionDetailPage />],
  [P.perpetualHistoryDetail, <PerpHistoryDetailPage />],
  [P.spotOrderDetail, <SpotOrderDetailPage />],
  [P.spotPositionDetail, <SpotPositionDetailPage />],
  [P.secondsDetail, <SecondsDetailPage />],
  [P.desktopSecondsDetail, <SecondsDetailPage back={`${P.desktopTrade}?tab=seconds`} />],
  [P.desktopSpotPositionDetail, <SpotPositionDetailPage back={`${P.desktopTrade}?tab=spot`} />],
];

/** mf_trading's router: only this remote's prefixes (meridian.routes.json); the shell owns the rest. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        {SCREENS.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        {AREAS.map((area) =>
          area.prefix === area.index ? null : (
            <Route key={`${area.prefix}:bare`} path={area.prefix} element={<Navigate to={area.index} replace />} />
          ),
        )}
        {AREAS.map((area) => (
          <Route key={`${area.prefix}:unknown`} path={`${area.prefix}/*`} element={<NotFound area={area} />} />
        ))}
        {/* outside this remote's prefixes (only during a route change): render nothing */}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
