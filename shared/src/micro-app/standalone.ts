import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import type { MicroApp } from './contract';
import { runLifecycle } from './contract';
import { http } from '../http/client';
import { installRequestConventions } from '../http/conventions';
import { navigate } from '../navigation';
import { platformStore } from '../store';
import { Toaster } from '../ui/toast';
import { setSlotContributions } from '../slots/registry';
import type { SlotContributions } from '../slots/manifest';
import '../ui/theme.css';

/**
 * Standalone preview: a remote served on its own (its dev server or `preview` command) mounts the same
 * lifecycles the shell would, into the page's #root, against the real server the dev server proxies to,
 * with the same request conventions and toasts the shell installs, and its manifest's slots as the shell would
 * set them from mf-config.json (its mutations' invalidation groups are there).
 */
export async function startStandalone(name: string, app: MicroApp, slots?: SlotContributions): Promise<void> {
  if (slots) setSlotContributions(name, slots);
  installRequestConventions(http, { store: platformStore, navigate, readWidth: () => window.innerWidth || 375 });
  const toasts = document.body.appendChild(document.createElement('div'));
  createRoot(toasts).render(createElement(Toaster));
  // single-spa's history patch is what tells the remote's router about AppLink navigation, as in the shell
  start({ urlRerouteOnly: true });
  const domElement = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  domElement.dataset.testid = `app-${name}`;
  const props = { name, domElement };
  await runLifecycle(app.bootstrap, props);
  await runLifecycle(app.mount, props);
}
