export * from './precision';
export * from './time';
export { compareExact, multiplyExact, toFixedExact, toShortestExact, type DecimalInput, type Rounding } from './exact';
