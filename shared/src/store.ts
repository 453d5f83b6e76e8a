import { getDefaultStore } from 'jotai';

/**
 * The platform's one jotai store. jotai is a federation singleton, so its default store is the same object in
 * the shell and in every remote; components may use atoms with or without a Provider and see the same state.
 */
export const platformStore = getDefaultStore();
export type PlatformStore = typeof platformStore;
