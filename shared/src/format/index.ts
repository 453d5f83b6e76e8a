export * from './precision';
export * from './time';
export { numberLocale, formatPrice, formatQuantity, formatMoney, formatBalance, formatFee, formatRate, formatSigned, formatPercent, formatPercentNumber, formatExact, type FigureOptions } from './figures';
export { orZero, decimalsOf, percentOf } from './exact-text';
export { compareExact, multiplyExact, toFixedExact, toShortestExact, type DecimalInput, type Rounding } from './exact';
export { formatQuotePrice, formatQuoteAmount, formatSignedMoney, formatSignedFee, formatSignedPercent, formatUnits, formatRecordTime } from './lenient';
