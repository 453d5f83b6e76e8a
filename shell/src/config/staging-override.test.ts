import { applyOverrides, collectOverrides, OVERRIDE_STORAGE_KEY, originAllowed } from './staging-override';
import type { PlatformConfig } from './mf-config';

const config: PlatformConfig = {
  mobileOnly: true,
  overrideOrigins: ['http://127.0.0.1:*', 'https://preview.example.com'],
  remotes: [
    { name: 'mf_stocks', manifest: '/remotes/mf_stocks/0.1.0/mf-manifest.json', routes: ['/pages/stock'] },
    { name: 'mf_c2c', manifest: '/remotes/mf_c2c/0.1.0/mf-manifest.json', routes: ['/pages/c2c'] },
  ],
};
const page = 'http://localhost:8080';

describe('staging override', () => {
  beforeEach(() => sessionStorage.clear());
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  it('allows listed origins, any port only with a wildcard, and the page itself', () => {
    expect(originAllowed('http://127.0.0.1:4100/m.json', config.overrideOrigins, page)).toBe(true);
    expect(originAllowed('https://preview.example.com/m.json', config.overrideOrigins, page)).toBe(true);
    expect(originAllowed('https://preview.example.com:444/m.json', config.overrideOrigins, page)).toBe(false);
    expect(originAllowed('https://evil.example.net/m.json', config.overrideOrigins, page)).toBe(false);
    expect(originAllowed('/remotes/x/m.json', config.overrideOrigins, page)).toBe(true);
  });

  it('takes the override from the address, keeps it for the tab and cleans the address', () => {
    const replaceUrl = jest.fn();
    const href = `${page}/pages/stock/index?a=1&mf-override=mf_stocks=http://127.0.0.1:4100/mf-manifest.json`;
    const overrides = collectOverrides(config, { href, origin: page }, sessionStorage, replaceUrl);
    expect(overrides).toEqual({ mf_stocks: 'http://127.0.0.1:4100/mf-manifest.json' });
    expect(replaceUrl).toHaveBeenCalledWith('/pages/stock/index?a=1');
    expect(JSON.parse(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)!)).toEqual(overrides);

    const again = collectOverrides(config, { href: `${page}/pages/c2c/index`, origin: page }, sessionStorage, replaceUrl);
    expect(again).toEqual(overrides);
  });

  it('refuses unknown remotes and origins off the list', () => {
    const href = `${page}/?mf-override=mf_c2c=https://evil.example.net/m.json&mf-override=mf_nope=http://127.0.0.1:1/m.json`;
    expect(collectOverrides(config, { href, origin: page }, sessionStorage, jest.fn())).toEqual({});
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('replaces only the overridden manifest', () => {
    const remotes = applyOverrides(config.remotes, { mf_c2c: 'http://127.0.0.1:9/m.json' });
    expect(remotes.map((r) => r.manifest)).toEqual(['/remotes/mf_stocks/0.1.0/mf-manifest.json', 'http://127.0.0.1:9/m.json']);
  });
});
