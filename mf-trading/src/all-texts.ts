import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type textsEn from '../locales/en/mf_trading.json';
import type { Key } from './i18n';

/** This remote's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const translations = readLocales<typeof textsEn>(path.join(__dirname, '../locales'), 'mf_trading');

/** Keys whose text may equal the English one in another language (proper names, symbols). */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = [
  'indicatorMa',
  'indicatorBoll',
  // trading words many languages borrow as they are (Long, Short, Spot, Take-Profit, maker/taker, TP/SL, OK) and
  // texts made only of placeholders and symbols
  'approxQuantity', 'closeLiquidation', 'closeQuantityHint', 'closeStopLoss', 'closeTakeProfit', 'colMargin', 'colPnl', 'colPnlPercent', 'colSl', 'colStatus', 'colTp', 'editTpSl', 'feeRates', 'forexLots', 'fundingTitle', 'leverageValue', 'liquidationTitle', 'liquidityMaker', 'liquidityTaker', 'marginCross', 'okButton', 'orderLimit', 'receiptOrderType', 'sideLong', 'sideShort', 'spreadValue', 'tabPerpetual', 'tabPositions', 'tabSpot', 'tickAsk', 'tickBid', 'tpSlOnEntry',
];
