/**
 * The framework-neutral contract between the shell and a remote. A remote's exposed `./app` module exports
 * these three lifecycles (single-spa's shape); the shell never needs to know the remote renders with React.
 */
export interface MicroAppProps {
  /** Federation name of the application, e.g. "mf_trading". */
  name: string;
  /** The element the application renders into; owned by the shell, one per application. */
  domElement: HTMLElement;
  [extra: string]: unknown;
}

export type Lifecycle = (props: MicroAppProps) => Promise<unknown>;

export interface MicroApp {
  bootstrap: Lifecycle | Lifecycle[];
  mount: Lifecycle | Lifecycle[];
  unmount: Lifecycle | Lifecycle[];
  update?: Lifecycle | Lifecycle[];
}

/** Runs a lifecycle given either as one function or as single-spa's array form. */
export async function runLifecycle(lifecycle: Lifecycle | Lifecycle[] | undefined, props: MicroAppProps): Promise<void> {
  if (!lifecycle) return;
  for (const step of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) await step(props);
}

/** Federation names of the remotes, in tab order. */
export const REMOTE_NAMES = ['mf_accounts', 'mf_trading', 'mf_stocks', 'mf_invest', 'mf_c2c'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
