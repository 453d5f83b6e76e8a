import { getSocketHub, installSocketHub, watchSocketHub } from './registry';
import { createManualSocketHub } from './testing';
import * as entry from '../index';

describe('socket hub registry', () => {
  it('holds the one installed hub, tells watchers, and uninstalls only the hub it installed', () => {
    expect(getSocketHub()).toBeNull();
    const watcher = jest.fn();
    const stopWatching = watchSocketHub(watcher);
    const first = createManualSocketHub();
    const second = createManualSocketHub();

    const uninstallFirst = installSocketHub(first);
    expect(getSocketHub()).toBe(first);
    expect(watcher).toHaveBeenCalledTimes(1);
    installSocketHub(first); // same hub again: no change
    expect(watcher).toHaveBeenCalledTimes(1);

    const uninstallSecond = installSocketHub(second);
    expect(getSocketHub()).toBe(second);
    uninstallFirst(); // no longer the installed one: nothing happens
    expect(getSocketHub()).toBe(second);
    expect(watcher).toHaveBeenCalledTimes(2);

    uninstallSecond();
    expect(getSocketHub()).toBeNull();
    expect(watcher).toHaveBeenCalledTimes(3);
    stopWatching();
    installSocketHub(first)();
    expect(watcher).toHaveBeenCalledTimes(3);
  });

  it('is what the package entry exports (the federation singleton every remote imports)', () => {
    const hub = createManualSocketHub();
    const uninstall = entry.installSocketHub(hub);
    expect(getSocketHub()).toBe(hub);
    expect(entry.getSocketHub()).toBe(hub);
    uninstall();
  });
});
