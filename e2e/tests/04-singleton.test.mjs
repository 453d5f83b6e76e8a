// Federation sharing: after visiting all five remotes in one page session (client-side navigation only), every
// package reports the same React, react-dom/client, jotai store and i18n instance, the router was downloaded once,
// and no library arrived in two scripts (per their source maps), the federation runtime included. And mf-config.json lists the five remotes, each manifest
// answering with JSON.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { duplicatedLibraries } from '../../scripts/bench-routes.mjs';
import { APP_NAMES, REMOTE_PAGES, navigateInPage, remotePage, useHarness, visible } from '../harness.mjs';

/**
 * Per-container federation glue: each remoteEntry.js binds its own webpack runtime to the page's one federation
 * runtime (@module-federation/runtime-core, provided by the shell) through its own copy of these small packages;
 * module-federation/core keeps them per webpack runtime (require.federation.bundlerRuntime cannot be shared).
 * Every other library must arrive once.
 */
// The remote template (@meridian/shared/remote: a manifest made routes) is compiled into each remote too: it holds
// no state of its own, and as a federation singleton the highest registered copy would serve every remote — also
// the copy of a remote refused for another @meridian/shared major (e2e/tests/24-mixed-versions).
const PER_CONTAINER_GLUE = new Set(['@module-federation/webpack-bundler-runtime', '@module-federation/runtime', '@module-federation/sdk', '@module-federation/error-codes', '@meridian/shared/remote']);

const h = useHarness();

test('mf-config.json lists the five remotes and every manifest answers 200 with JSON', async () => {
  const res = await fetch(`${h.baseUrl}/mf-config.json`);
  assert.equal(res.status, 200);
  const config = await res.json();
  assert.ok(Array.isArray(config.remotes), 'mf-config.json has no "remotes" array');
  assert.deepEqual(config.remotes.map((r) => r.name).sort(), REMOTE_PAGES.map((r) => r.name).sort());
  for (const remote of config.remotes) {
    assert.equal(typeof remote.version, 'string', `${remote.name}: no version`);
    assert.ok(Array.isArray(remote.routes) && remote.routes.length > 0, `${remote.name}: no routes`);
    const manifest = await fetch(new URL(remote.manifest, h.baseUrl));
    assert.equal(manifest.status, 200, `${remote.manifest} answered ${manifest.status}`);
    const json = await manifest.json();
    assert.equal(json.name, remote.name, `${remote.manifest} is the manifest of ${json.name}`);
  }
});

test('one React, react-dom/client, store and i18n across the shell and all five remotes', () =>
  h.withPage({ viewport: 'phone', name: 'singletons' }, async (page) => {
    await page.goto('/');
    await visible(page, 'h1#page-title');
    await page.evaluate(() => {
      window.__E2E_SAME_DOCUMENT__ = true;
    });

    // tabs where the tab bar reaches the remote, history navigation otherwise; never a reload
    for (const remote of REMOTE_PAGES) {
      if (remote.tab) await page.locator(`[data-testid="${remote.tab}"]`).first().click();
      else await navigateInPage(page, remote.path);
      await remotePage(page, remote.name);
    }
    assert.equal(await page.evaluate(() => window.__E2E_SAME_DOCUMENT__), true, 'the page reloaded during navigation');

    const report = await page.evaluate(() => {
      const all = window.__MERIDIAN_INSTANCES__ ?? {};
      const distinct = (key) => new Set(Object.values(all).map((x) => x[key])).size;
      const missing = (key) => Object.entries(all).filter(([, x]) => x[key] == null).map(([name]) => name);
      return {
        names: Object.keys(all).sort(),
        React: distinct('React'),
        ReactDOMClient: distinct('ReactDOMClient'),
        store: distinct('store'),
        i18n: distinct('i18n'),
        queryClient: distinct('queryClient'),
        missing: ['React', 'ReactDOMClient', 'store', 'i18n', 'queryClient'].flatMap((k) => missing(k).map((n) => `${n}.${k}`)),
      };
    });
    // every package reports itself (a package may report more than one app, e.g. the shell's own pages)
    for (const name of APP_NAMES) assert.ok(report.names.includes(name), `${name} did not report its instances (got ${report.names.join(', ')})`);
    assert.deepEqual(report.missing, [], 'instances reported as null/undefined');
    assert.equal(report.React, 1, 'more than one React');
    assert.equal(report.ReactDOMClient, 1, 'more than one react-dom/client');
    assert.equal(report.store, 1, 'more than one jotai store');
    assert.equal(report.i18n, 1, 'more than one i18n instance');
    assert.equal(report.queryClient, 1, 'more than one QueryClient');

    // one router: of the files each remote's manifest lists for its shared react-router-dom, at most one
    // remote's were fetched (a remote that bundled its own router would fetch its copy too). The shell does not
    // route (its manifest lists no router files) but provides one; the source-map check below sees every copy.
    const routerFiles = await page.evaluate(async () => {
      const config = await (await fetch('/mf-config.json')).json();
      const fetched = new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
      const byPackage = {};
      for (const { name, manifest: url } of config.remotes) {
        const manifest = await (await fetch(url)).json();
        const base = new URL(url, location.href).pathname.replace(/[^/]*$/, '');
        const files = manifest.shared
          .filter((s) => s.name === 'react-router' || s.name === 'react-router-dom')
          .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
          .map((file) => base + file);
        byPackage[name] = { listed: files.length, fetched: files.filter((f) => fetched.has(f)) };
      }
      return byPackage;
    });
    for (const [name, files] of Object.entries(routerFiles)) assert.ok(files.listed > 0, `${name} does not share react-router-dom`);
    const providers = Object.entries(routerFiles).filter(([, files]) => files.fetched.length > 0).map(([name]) => name);
    assert.ok(providers.length <= 1, `react-router downloaded from ${providers.join(', ')}: ${JSON.stringify(routerFiles)}`);

    // one copy of every library across all the scripts this page loaded (per their source maps), the federation
    // runtime core included: the remotes use the shell's
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => e.name).filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    assert.ok(scripts.some((url) => url.includes('/remotes/mf_accounts/')), 'the scripts of every remote were loaded');
    const twice = duplicatedLibraries(scripts).filter((d) => !PER_CONTAINER_GLUE.has(d.name));
    assert.deepEqual(twice.map((d) => `${d.name} (${d.versions.join(', ')}) in ${d.scripts.join(', ')}`), [], 'libraries loaded twice');
  }));
