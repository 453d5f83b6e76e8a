import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import { Spinner } from '@meridian/shared';
import { declarePage } from './page-registry';

export { preloadAllPages } from './page-registry';

/** The shell's page-loading rule (DESIGN.md §3): a load shorter than this shows no indicator at all. */
export const PAGE_LOADING_DELAY_MS = 200;


export interface LazyPage<P> {
  (props: P): ReactElement;
  /** Starts (or joins) loading the page's chunk; resolves once it can render without suspending. */
  preload(): Promise<void>;
  readonly loaded: boolean;
}


/**
 * A page in its own chunk. Unlike a bare React.lazy, once the chunk is in (preloaded before mount, or after a
 * first visit) the page renders synchronously: no Suspense fallback flashes and nothing shifts.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let component: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (loaded) => {
        component = loaded;
      },
      (error: unknown) => {
        pending = undefined; // a later visit retries instead of keeping the failure
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: component as ComponentType<P> })));

  function Page(props: P): ReactElement {
    const Loaded = component;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  const page = Object.assign(Page, { preload }) as LazyPage<P>;
  Object.defineProperty(page, 'loaded', { get: () => component !== undefined });
  declarePage(page);
  return page;
}


/** The Suspense fallback: nothing for the first 200 ms, then the shared spinner. */
export function PageLoading() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? <Spinner /> : <div data-testid="page-loading" aria-busy="true" />;
}
