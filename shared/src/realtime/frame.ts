/**
 * Coalesces any number of schedule() calls into one flush on the next animation frame, so a component fed by a
 * busy stream renders at most once per frame (DESIGN.md §6). Falls back to a 16 ms timer where there is no
 * requestAnimationFrame (a background worker, a test environment without it).
 */
export interface FrameBatcher {
  schedule(): void;
  cancel(): void;
}

export function createFrameBatcher(flush: () => void): FrameBatcher {
  let cancelPending: (() => void) | null = null;
  const run = () => {
    cancelPending = null;
    flush();
  };
  return {
    schedule() {
      if (cancelPending) return;
      if (typeof requestAnimationFrame === 'function') {
        const id = requestAnimationFrame(run);
        cancelPending = () => cancelAnimationFrame(id);
      } else {
        const id = setTimeout(run, 16);
        cancelPending = () => clearTimeout(id);
      }
    },
    cancel() {
      cancelPending?.();
      cancelPending = null;
    },
  };
}
