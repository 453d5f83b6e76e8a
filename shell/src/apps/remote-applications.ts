import type { MicroApp } from '@meridian/shared';
import type { RemoteConfig } from '../config/mf-config';
import { ownsPath } from '../config/mf-config';
import { containerFor } from './containers';
import { guardLifecycles, type FallbackRenderer } from './guard-lifecycles';
import { withLoadingIndicator } from './loading';

/** What the registration needs from the federation runtime (injected so tests can use a mock loader). */
export interface RemoteRuntime {
  /** The federation runtime's loadRemote ("<name>/app"); the isolation plugin turns failures into a fallback. */
  loadRemote(id: string): Promise<MicroApp | null>;
  /** Forgets everything cached about a remote so the next load fetches it anew. */
  resetRemote(remote: RemoteConfig): void;
}

/** The part of single-spa the registration uses. */
export interface Spa {
  registerApplication(config: {
    name: string;
    app: () => Promise<MicroApp>;
    activeWhen: (location: Location) => boolean;
    customProps: (name: string) => Record<string, unknown>;
  }): void;
  unregisterApplication(name: string): Promise<unknown>;
}

/** Registers each remote of /mf-config.json as one single-spa application, active on its route prefixes. */
export class RemoteApplications {
  private readonly remotes = new Map<string, RemoteConfig>();

  constructor(
    private readonly spa: Spa,
    private readonly runtime: RemoteRuntime,
    private readonly renderFallback: FallbackRenderer,
  ) {}

  registerAll(remotes: RemoteConfig[]): void {
    for (const remote of remotes) this.register(remote);
  }

  /** A module standing in for a remote that could not be loaded: its fallback's retry reloads the remote. */
  fallbackApp(name: string): MicroApp {
    let remove: (() => void) | null = null;
    return {
      bootstrap: async () => undefined,
      mount: async (props) => {
        remove = this.renderFallback(props.domElement, name, () => void this.reload(name));
      },
      unmount: async () => {
        remove?.();
        remove = null;
      },
    };
  }

  async reload(name: string): Promise<void> {
    const remote = this.remotes.get(name);
    if (!remote) return;
    await this.spa.unregisterApplication(name);
    this.runtime.resetRemote(remote);
    this.register(remote);
  }

  private register(remote: RemoteConfig): void {
    this.remotes.set(remote.name, remote);
    this.spa.registerApplication({
      name: remote.name,
      app: () => this.load(remote.name),
      activeWhen: (location) => ownsPath(remote, location.pathname),
      customProps: (name) => ({ domElement: containerFor(name) }),
    });
  }

  private async load(name: string): Promise<MicroApp> {
    let app: MicroApp | null;
    try {
      app = await withLoadingIndicator(containerFor(name), name, this.runtime.loadRemote(`${name}/app`));
    } catch (error) {
      console.error(`[meridian] ${name} could not be loaded`, error);
      app = null;
    }
    if (!app || typeof app.mount === 'undefined') return this.fallbackApp(name);
    return guardLifecycles(name, app, this.renderFallback, () => void this.reload(name));
  }
}
