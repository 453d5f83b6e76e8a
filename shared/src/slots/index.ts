export * from './manifest';
export { setSlotContributions, getSlot, useSlot } from './registry';
export { SlotModule, setSlotModuleLoader, loadSlotModule, type SlotModuleLoader } from './SlotModule';
