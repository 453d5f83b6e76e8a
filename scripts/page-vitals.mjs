// LCP and layout shifts as the page itself sees them (PerformanceObserver), for the route bench
// (scripts/bench-routes.mjs) and the layout-shift e2e test. Browser code: pass installVitalsObserver to
// page.addInitScript / context.addInitScript, then read globalThis.__benchVitals with page.evaluate.

/**
 * Runs before any of the page's scripts: records LCP and every layout shift (with the elements that moved), in
 * globalThis.__benchVitals. Also used by the e2e layout-shift test.
 */
export function installVitalsObserver() {
  // longTasks: main-thread tasks over 50 ms (Long Tasks API); tbt: the sum of their time beyond 50 ms each
  const vitals = { lcp: 0, cls: 0, shifts: [], longTasks: 0, longest: 0, tbt: 0 };
  globalThis.__benchVitals = vitals;
  const describe = (node) => {
    // a tag with its id, first classes and test id: enough to find the element in the source
    if (!node) return '?';
    if (node.nodeType !== 1) return node.parentElement ? `text in ${describe(node.parentElement)}` : node.nodeName;
    const testId = node.getAttribute('data-testid');
    const cls = typeof node.className === 'string' ? node.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls ? `.${cls}` : ''}${testId ? `[data-testid=${testId}]` : ''}`;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        vitals.cls += entry.value;
        vitals.shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => ({
            node: describe(s.node),
            text: (s.node?.textContent ?? '').trim().slice(0, 40),
            from: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round),
            to: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        vitals.longTasks++;
        vitals.longest = Math.max(vitals.longest, entry.duration);
        vitals.tbt += Math.max(0, entry.duration - 50);
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // an engine without these entry types: the numbers stay 0 and the caller sees no entries
  }
}
