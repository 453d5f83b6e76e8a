/** The clock and timers the realtime code runs on; injectable so tests can drive time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The global timers, looked up at call time (so jest's fake timers, installed later, are the ones used). */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

/** Where the realtime code reports problems (console by default). */
export interface Logger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export const consoleLogger: Logger = {
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};
