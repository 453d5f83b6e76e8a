import { createStore } from 'jotai';

type AtomsModule = typeof import('./atoms') & { RESET: typeof import('jotai/utils').RESET };

/** The atoms read localStorage when their module loads (getOnInit): load a fresh copy after seeding it. */
function loadAtoms(seed: Record<string, string> = {}): AtomsModule {
  localStorage.clear();
  for (const [key, value] of Object.entries(seed)) localStorage.setItem(key, value);
  let loaded: AtomsModule | undefined;
  jest.isolateModules(() => {
    // RESET is a symbol per module instance: take the one of this fresh copy
    loaded = { ...jest.requireActual<typeof import('./atoms')>('./atoms'), RESET: jest.requireActual<typeof import('jotai/utils')>('jotai/utils').RESET };
  });
  return loaded!;
}

afterEach(() => localStorage.clear());

describe('persisted session and app state', () => {
  it('has the spec defaults when nothing is stored', () => {
    const a = loadAtoms();
    const store = createStore();
    expect(store.get(a.themeAtom)).toBe('light');
    expect(store.get(a.langAtom)).toBe('en');
    expect(store.get(a.tokenAtom)).toBeNull();
    expect(store.get(a.userInfoAtom)).toBeNull();
    expect(store.get(a.currencyAtom)).toBeNull();
    expect(store.get(a.tradeTypeAtom)).toBe('crypto');
    expect(store.get(a.lastCurrencyObjectAtom)).toEqual({ symbol: 'BTCUSDT', isIco: 0 });
    expect(store.get(a.lastForexObjectAtom)).toEqual({ symbol: 'AUDCAD' });
    expect(store.get(a.typeUserAtom)).toBe('real');
    expect(store.get(a.isDemoVersionAtom)).toBe(false);
    expect(store.get(a.userConfirmInvestDemoAtom)).toBe(false);
    expect(store.get(a.userInfoKycAtom)).toBeNull();
    expect(store.get(a.isLoggedInAtom)).toBe(false);
  });

  it('writes JSON under exactly the spec keys', () => {
    const a = loadAtoms();
    const store = createStore();
    store.set(a.themeAtom, 'dark');
    store.set(a.langAtom, 'ru');
    store.set(a.tokenAtom, 'tok-1');
    store.set(a.userInfoAtom, { uid: 7, nickname: 'Ann' });
    store.set(a.currencyAtom, 'USDT');
    store.set(a.tradeTypeAtom, 'forex');
    store.set(a.lastCurrencyObjectAtom, { symbol: 'ETHUSDT', isIco: 1 });
    store.set(a.lastForexObjectAtom, { symbol: 'EURUSD' });
    const stored = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));
    expect(stored).toEqual({
      theme: '"dark"',
      lang: '"ru"',
      token: '"tok-1"',
      userInfo: '{"uid":7,"nickname":"Ann"}',
      currency: '"USDT"',
      trade_type: '"forex"',
      last_currency_object: '{"symbol":"ETHUSDT","isIco":1}',
      last_forex_object: '{"symbol":"EURUSD"}',
    });
  });

  it('reads what an earlier visit stored', () => {
    const a = loadAtoms({
      theme: '"dark"',
      lang: '"jp"',
      token: '"abc"',
      userInfo: '{"uid":1}',
      currency: '{"id":2,"name":"EUR"}',
      trade_type: '"forex"',
      last_currency_object: '{"symbol":"SOLUSDT","isIco":0,"price":"1.2"}',
      last_forex_object: '{"symbol":"GBPUSD"}',
    });
    const store = createStore();
    expect(store.get(a.themeAtom)).toBe('dark');
    expect(store.get(a.langAtom)).toBe('jp');
    expect(store.get(a.tokenAtom)).toBe('abc');
    expect(store.get(a.isLoggedInAtom)).toBe(true);
    expect(store.get(a.userInfoAtom)).toEqual({ uid: 1 });
    expect(store.get(a.currencyAtom)).toEqual({ id: 2, name: 'EUR' });
    expect(store.get(a.tradeTypeAtom)).toBe('forex');
    expect(store.get(a.lastCurrencyObjectAtom)).toEqual({ symbol: 'SOLUSDT', isIco: 0, price: '1.2' });
    expect(store.get(a.lastForexObjectAtom)).toEqual({ symbol: 'GBPUSD' });
  });

  it.each([
    ['theme', '{not json', 'themeAtom', 'light'],
    ['theme', '"purple"', 'themeAtom', 'light'],
    ['lang', 'en', 'langAtom', 'en'],
    ['lang', '"xx"', 'langAtom', 'en'],
    ['token', '{"a":1}', 'tokenAtom', null],
    ['token', '""', 'tokenAtom', null],
    ['userInfo', '[1,2]', 'userInfoAtom', null],
    ['userInfo', '{"uid":', 'userInfoAtom', null],
    ['currency', '42', 'currencyAtom', null],
    ['trade_type', 'null', 'tradeTypeAtom', 'crypto'],
    ['trade_type', '7', 'tradeTypeAtom', 'crypto'],
    ['last_currency_object', '"BTCUSDT"', 'lastCurrencyObjectAtom', { symbol: 'BTCUSDT', isIco: 0 }],
    ['last_currency_object', '{"symbol":"X","isIco":5}', 'lastCurrencyObjectAtom', { symbol: 'BTCUSDT', isIco: 0 }],
    ['last_forex_object', '{"sym":"EURUSD"}', 'lastForexObjectAtom', { symbol: 'AUDCAD' }],
    ['last_forex_object', 'undefined', 'lastForexObjectAtom', { symbol: 'AUDCAD' }],
  ] as const)('falls back to the default when %s holds %s', (key, raw, atomName, expected) => {
    const a = loadAtoms({ [key]: raw });
    expect(createStore().get(a[atomName])).toEqual(expected);
  });

  it('follows other tabs, falling back on a corrupt value', () => {
    const a = loadAtoms({ theme: '"dark"' });
    const store = createStore();
    const unsubscribe = store.sub(a.themeAtom, () => {});
    expect(store.get(a.themeAtom)).toBe('dark');
    localStorage.setItem('theme', '%%%');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: '%%%', storageArea: localStorage }));
    expect(store.get(a.themeAtom)).toBe('light');
    localStorage.setItem('theme', '"dark"');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: '"dark"', storageArea: localStorage }));
    expect(store.get(a.themeAtom)).toBe('dark');
    unsubscribe();
  });

  it('keeps working when localStorage throws', () => {
    const a = loadAtoms();
    const store = createStore();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => store.set(a.tokenAtom, 'tok')).not.toThrow();
      expect(store.get(a.tokenAtom)).toBe('tok');
    } finally {
      setItem.mockRestore();
    }
  });

  it('RESET removes the stored key', () => {
    const a = loadAtoms({ token: '"abc"' });
    const store = createStore();
    store.set(a.tokenAtom, a.RESET);
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.get(a.tokenAtom)).toBeNull();
  });
});
