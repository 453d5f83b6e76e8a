export * from './precision';
export * from './time';
