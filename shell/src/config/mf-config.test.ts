import { fetchPlatformConfig, matchesPrefix, ownsPath, parsePlatformConfig } from './mf-config';

describe('mf-config', () => {
  it('parses remotes and defaults mobileOnly to on', () => {
    const config = parsePlatformConfig({ remotes: [{ name: 'mf_c2c', manifest: '/remotes/mf_c2c/1.0.0/mf-manifest.json', routes: ['/pages/c2c'] }] });
    expect(config.remotes).toHaveLength(1);
    expect(config.mobileOnly).toBe(true);
    expect(config.overrideOrigins).toEqual([]);
  });

  it('refuses a remote without routes', () => {
    expect(() => parsePlatformConfig({ remotes: [{ name: 'x', manifest: '/m.json' }] })).toThrow(/remote #0/);
  });

  it('fetches without the cache and fails loudly on a bad answer', async () => {
    const fetchImpl = jest.fn().mockResolvedValue({ ok: false, status: 503 });
    await expect(fetchPlatformConfig(fetchImpl as unknown as typeof fetch)).rejects.toThrow('503');
    expect(fetchImpl).toHaveBeenCalledWith('/mf-config.json', { cache: 'no-store' });
  });

  it('matches a route prefix and what is below it, not lookalikes', () => {
    expect(matchesPrefix('/pages/stock', '/pages/stock')).toBe(true);
    expect(matchesPrefix('/pages/stock/index', '/pages/stock')).toBe(true);
    expect(matchesPrefix('/pages/stockholm', '/pages/stock')).toBe(false);
    const remote = { name: 'mf_stocks', manifest: '', routes: ['/pages/stock', '/pages/desktop/block-trade'] };
    expect(ownsPath(remote, '/pages/desktop/block-trade/buy')).toBe(true);
    expect(ownsPath(remote, '/pages/desktop/market')).toBe(false);
  });
});
