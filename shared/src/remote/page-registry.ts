// Apart from lazy-page.tsx, with no imports: the jest set-up (shared/src/testing/jest-pages.ts) reads it without
// loading the library before a test file's jest.mock calls.
const registry = new Set<{ preload(): Promise<void> }>();

export function declarePage(page: { preload(): Promise<void> }): void {
  registry.add(page);
}

/** Loads every page declared so far (tests render routes synchronously, as they did before the split). */
export function preloadAllPages(): Promise<void> {
  return Promise.all([...registry].map((page) => page.preload())).then(() => undefined);
}
