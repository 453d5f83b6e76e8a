export * from './manifest';
export { setSlotContributions, getSlot, useSlot } from './registry';
