import path from 'node:path';
import { readLocales } from '@meridian/shared/testing';
import type textsEn from '../locales/en/mf_trading.json';
import type widgetTextsEn from '../locales/en/mf_trading_widget.json';
import type { Key } from './i18n';

/** This remote's texts in all nine languages, read from locales/ (tests only; the app loads one language). */
export const translations = readLocales<typeof textsEn>(path.join(__dirname, '../locales'), 'mf_trading');

/** The market widget's texts (namespace mf_trading_widget) in all nine languages. */
export const widgetTranslations = readLocales<typeof widgetTextsEn>(path.join(__dirname, '../locales'), 'mf_trading_widget');

/** Keys whose text may equal the English one in another language (proper names, symbols). */
export const SAME_AS_ENGLISH_ALLOWED: readonly Key[] = [
  'indicatorMa',
  'indicatorBoll',
  // the venues' abbreviation for auto-deleveraging, kept in every language as Binance and Bybit do
  'adlShort',
  // trading words many languages borrow as they are (Long, Short, Spot, Take-Profit, maker/taker, TP/SL, OK) and
  // texts made only of placeholders and symbols
  'approxQuantity', 'closeLiquidation', 'closeQuantityHint', 'closeStopLoss', 'closeTakeProfit', 'colMargin', 'colPnl', 'colPnlPercent', 'colSl', 'colStatus', 'colTp', 'editTpSl', 'feeRates', 'forexLots', 'fundingTitle', 'leverageValue', 'liquidationTitle', 'liquidityMaker', 'liquidityTaker', 'marginCross', 'okButton', 'orderLimit', 'perpOpenInterest', 'receiptOrderType', 'sideLong', 'sideShort', 'spreadValue', 'tabPerpetual', 'tabPositions', 'tabSpot', 'tickAsk', 'tickBid', 'tpSlOnEntry',
  // the spot order types TP/SL and OCO and a leg's kind (Stop, stop-limit, stop-market)
  'orderOco', 'orderTpSl', 'legStop', 'legStopLimit', 'legStopMarket',
  'colTpSl',
  // column headers spelt the same in French ("Type", "Actions")
  'colType', 'colActions',
  // a label and its value: only placeholders and the colon these languages write as English does
  'orderFactLine',
];
