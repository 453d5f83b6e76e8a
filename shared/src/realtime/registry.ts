import type { SocketHub } from './types';

/**
 * The one installed hub. `@meridian/shared` is a federation singleton, so this module — and this variable — is
 * the same object in the shell and in every remote: the hub the shell installs is the hub every remote gets.
 */
let installed: SocketHub | null = null;
const watchers = new Set<() => void>();

/**
 * Makes `hub` the platform's socket hub (the shell calls this once at start-up). Returns a function that
 * uninstalls it again, if it is still the installed one.
 */
export function installSocketHub(hub: SocketHub): () => void {
  setHub(hub);
  return () => {
    if (installed === hub) setHub(null);
  };
}

/** The installed hub, or null when none is (tests, a remote's standalone preview). */
export function getSocketHub(): SocketHub | null {
  return installed;
}

/** Calls `watcher` whenever a hub is installed or uninstalled; returns the function that stops watching. */
export function watchSocketHub(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

function setHub(hub: SocketHub | null): void {
  if (installed === hub) return;
  installed = hub;
  for (const watcher of [...watchers]) watcher();
}
