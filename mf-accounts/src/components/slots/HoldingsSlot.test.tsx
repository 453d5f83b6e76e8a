import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SLOT_TEXTS_NAMESPACE, addTranslations, setSlotContributions, setSlotModuleLoader, type ModuleContribution } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { HoldingsSlot } from './HoldingsSlot';

const SPOT: ModuleContribution = { id: 'spot', module: './spot-holdings', label: 'slotHoldingsSpot', order: 10, wallet: 'spot' };
const en = translations.en;

function SpotSection() {
  return <p>BTC 0.5</p>;
}

beforeAll(() => addTranslations(SLOT_TEXTS_NAMESPACE, { en: { 'mf_trading.slotHoldingsSpot': 'Spot holdings' } }));
afterEach(() => {
  setSlotContributions('mf_trading', undefined);
  setSlotModuleLoader(null);
});
jest.spyOn(console, 'error').mockImplementation(() => undefined);

const renderSlot = (wallet?: string) => renderWithPlatform(<HoldingsSlot wallet={wallet} />, { translations: { namespace: NS, texts: translations } });

describe('the wallet.holdings slot', () => {
  it("renders each remote's section under its heading, loading the module from that remote", async () => {
    const loader = jest.fn(async () => ({ default: SpotSection }));
    setSlotModuleLoader(loader);
    setSlotContributions('mf_trading', { 'wallet.holdings': [SPOT] });
    renderSlot();
    expect(await screen.findByText('BTC 0.5')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Spot holdings' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_trading', 'spot-holdings');
  });

  it('shows nothing when no remote contributes (an older build of the product)', () => {
    setSlotModuleLoader(jest.fn());
    const { container } = renderSlot();
    expect(container).toBeEmptyDOMElement();
  });

  it("keeps a wallet's own sections on that wallet's page", () => {
    const loader = jest.fn(async () => ({ default: SpotSection }));
    setSlotModuleLoader(loader);
    setSlotContributions('mf_trading', { 'wallet.holdings': [SPOT] });
    const { container } = renderSlot('contract');
    expect(container).toBeEmptyDOMElement();
    expect(loader).not.toHaveBeenCalled();
  });

  it('contains a section whose remote is down (its fallback, with a retry that loads it again)', async () => {
    // the shell's isolation answers a remote that is down with a stand-in app: no component
    const loader = jest.fn<Promise<unknown>, [string, string]>().mockResolvedValueOnce({ bootstrap: jest.fn() }).mockResolvedValue({ default: SpotSection });
    setSlotModuleLoader(loader);
    setSlotContributions('mf_trading', { 'wallet.holdings': [SPOT] });
    renderSlot();
    expect(await screen.findByRole('alert')).toHaveTextContent(en.holdingsUnavailable);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('BTC 0.5')).toBeInTheDocument());
    expect(loader).toHaveBeenCalledTimes(2);
  });

  describe('below the screen', () => {
    // jsdom has no IntersectionObserver (sections then load at once): a stand-in the test drives
    let observed: Array<{ callback: IntersectionObserverCallback; element: Element }> = [];
    beforeEach(() => {
      observed = [];
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({ callback: this.callback, element });
        }
        disconnect() {}
      };
    });
    afterEach(() => delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver);

    it("loads a section's module only once the section shows on screen", async () => {
      const loader = jest.fn(async () => ({ default: SpotSection }));
      setSlotModuleLoader(loader);
      setSlotContributions('mf_trading', { 'wallet.holdings': [SPOT] });
      renderSlot();
      // the heading is there at once (no shift when the module arrives), the module not yet
      const section = await screen.findByTestId('holdings-mf_trading-spot');
      expect(screen.getByRole('heading', { level: 2, name: 'Spot holdings' })).toBeInTheDocument();
      expect(section).toHaveAttribute('aria-busy', 'true');
      expect(loader).not.toHaveBeenCalled();
      expect(observed).toHaveLength(1);
      expect(observed[0]?.element).toBe(section);

      const { callback, element } = observed[0]!;
      // scrolled past without showing it: still nothing
      act(() => callback([{ isIntersecting: false, target: element } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(loader).not.toHaveBeenCalled();
      act(() => callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByText('BTC 0.5')).toBeInTheDocument();
      expect(loader).toHaveBeenCalledWith('mf_trading', 'spot-holdings');
      expect(section).not.toHaveAttribute('aria-busy');
    });
  });
});
