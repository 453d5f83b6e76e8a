import { fetchPlatformConfig, loadPlatformConfig, matchesPrefix, ownsPath, parsePlatformConfig, readInlineConfig } from './mf-config';

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

  describe('the configuration inlined into index.html', () => {
    const config = { remotes: [{ name: 'mf_c2c', manifest: '/remotes/mf_c2c/1.0.0/mf-manifest.json', routes: ['/pages/c2c'] }], mobileOnly: false, overrideOrigins: ['http://localhost:*'] };
    const page = (html: string) => {
      const doc = document.implementation.createHTMLDocument('t');
      doc.body.innerHTML = html;
      return doc;
    };
    const block = (json: string) => `<script type="application/json" id="mf-config">${json}</script>`;

    it('is read first, with mobileOnly and the override origins, and nothing is fetched', async () => {
      const fetchImpl = jest.fn();
      const loaded = await loadPlatformConfig(page(block(JSON.stringify(config))), fetchImpl as unknown as typeof fetch);
      expect(loaded).toEqual({ ...config, remotes: [{ ...config.remotes[0], version: undefined }] });
      expect(fetchImpl).not.toHaveBeenCalled();
    });

    it('reads the escaped form the server writes (<, > and & as \\u escapes)', () => {
      const escaped = JSON.stringify({ ...config, remotes: [{ ...config.remotes[0], name: '</script><b>&' }] }).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
      expect(readInlineConfig(page(block(escaped)))?.remotes[0]?.name).toBe('</script><b>&');
    });

    it('falls back to /mf-config.json when the block is missing or unreadable', async () => {
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      for (const html of ['', block('{not json'), block('{"remotes": 3}'), `<script id="mf-config">${JSON.stringify(config)}</script>`]) {
        const fetchImpl = jest.fn().mockResolvedValue({ ok: true, json: async () => config });
        await expect(loadPlatformConfig(page(html), fetchImpl as unknown as typeof fetch)).resolves.toMatchObject({ mobileOnly: false });
        expect(fetchImpl).toHaveBeenCalledWith('/mf-config.json', { cache: 'no-store' });
      }
    });
  });
});
