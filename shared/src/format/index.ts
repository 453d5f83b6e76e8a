export * from './precision';
export * from './time';
export { numberLocale, formatPrice, formatQuantity, formatMoney, formatBalance, formatFee, formatRate, formatSigned, formatPercent, formatPercentNumber, type FigureOptions } from './figures';
export { compareExact, multiplyExact, toFixedExact, toShortestExact, type DecimalInput, type Rounding } from './exact';
