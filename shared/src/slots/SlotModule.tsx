import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** Loads a module another remote exposes ("mf_trading", "./spot-holdings"); the shell gives the federation's. */
export type SlotModuleLoader = (remote: string, module: string) => Promise<unknown>;

let loader: SlotModuleLoader | null = null;

/** The shell sets this once (shared is a singleton: every remote's consumer goes through the same one). */
export function setSlotModuleLoader(next: SlotModuleLoader | null): void {
  loader = next;
}

/** The module's default export, or a rejection the section's boundary turns into its fallback. */
export async function loadSlotModule(remote: string, module: string): Promise<{ default: ComponentType }> {
  if (!loader) throw new Error(`no slot module loader: ${remote}/${module} cannot load`);
  const loaded = (await loader(remote, module.replace(/^\.\//, ''))) as { default?: unknown } | null;
  // the shell's isolation plugin answers a remote that is down with a stand-in app: no component
  if (!loaded || typeof loaded.default !== 'function') throw new Error(`${remote}/${module} is not available`);
  return { default: loaded.default as ComponentType };
}

class SlotBoundary extends Component<{ id: string; fallback: (retry: () => void) => ReactNode; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`[meridian] the slot section ${this.props.id} is unavailable`, error);
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.props.onRetry) : this.props.children;
  }
}

/**
 * Renders one module contribution: loaded on first render from its remote, contained (a remote that is down, or
 * a module that throws, shows `fallback` in its place; the rest of the screen stays).
 */
export function SlotModule({
  remote,
  module,
  loading,
  fallback,
}: {
  remote: string;
  module: string;
  loading: ReactNode;
  fallback: (retry: () => void) => ReactNode;
}) {
  // React.lazy keeps a failed load for good: each attempt is a new lazy component (and a fresh boundary)
  const [attempt, setAttempt] = useState(() => ({ n: 0, Section: lazy(() => loadSlotModule(remote, module)) }));
  const retry = () => setAttempt((previous) => ({ n: previous.n + 1, Section: lazy(() => loadSlotModule(remote, module)) }));
  const { Section } = attempt;
  return (
    <SlotBoundary key={attempt.n} id={`${remote}/${module}`} fallback={fallback} onRetry={retry}>
      <Suspense fallback={loading}>
        <Section />
      </Suspense>
    </SlotBoundary>
  );
}
