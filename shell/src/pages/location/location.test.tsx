import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identity } from '@meridian/contracts';
import { regionAtom } from '@meridian/shared';
import { installServer, ok, renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../../all-texts';
import { ShellPages } from '../ShellPages';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(() => new Promise(() => undefined)), getInstance: jest.fn(), registerRemotes: jest.fn() }));

const en = shellTranslations.en;
const COUNTRIES = [
  { id: 1, name: 'France', iso2: 'FR', code: '33' },
  { id: 2, name: 'Germany', iso2: 'DE', code: '49' },
  { id: 3, name: 'Japan', iso2: 'JP', code: '81' },
];
const serve = () => installServer({ [identity.countries.path]: ok(COUNTRIES), [identity.locateCountry.path]: ok(COUNTRIES[0]) });
const renderAt = (url: string) => renderWithPlatform(<ShellPages />, { url, translations: { namespace: 'shell', texts: shellTranslations } });

let server: ReturnType<typeof serve>;
beforeEach(() => {
  localStorage.clear();
  server = serve();
});
afterEach(() => server.restore());

describe('the system pages /choose-location and /open-location', () => {
  it('open-location shows the located country until the user chooses, with a map link and a way to choose', async () => {
    renderAt('/open-location');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.openLocationTitle);
    expect(await screen.findByText('France (FR · +33)')).toBeInTheDocument();
    expect(screen.getByText(en.openLocationLocated)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.openLocationMap })).toHaveAttribute('href', 'https://www.openstreetmap.org/search?query=France');
    expect(screen.getByRole('link', { name: en.openLocationChange })).toHaveAttribute('href', '/choose-location?back=/open-location');
  });

  it('choose-location filters the list, stores the choice and goes back; open-location then shows it', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/choose-location?back=/open-location');
    expect(await screen.findByRole('button', { name: /Germany/ })).toBeInTheDocument();
    // the located country is marked as the current one
    expect(screen.getByRole('button', { name: /France/ })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText(en.chooseLocationSearch), '+81');
    expect(screen.queryByRole('button', { name: /Germany/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Japan/ }));
    expect(store.get(regionAtom)).toBe('JP');
    expect(JSON.parse(localStorage.getItem('region')!)).toBe('JP');
    await waitFor(() => expect(window.location.pathname).toBe('/open-location'));
    // single-spa announces a navigation with popstate; the shell's pages follow it
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(await screen.findByText('Japan (JP · +81)')).toBeInTheDocument();
    expect(screen.getByText(en.openLocationChosen)).toBeInTheDocument();
  });

  it('a way back to another site is refused: the page returns to /open-location', async () => {
    const user = userEvent.setup();
    renderAt('/choose-location?back=//evil.example/x');
    await user.click(await screen.findByRole('button', { name: /Germany/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/open-location'));
  });

  it('says so when nothing matches the search', async () => {
    const user = userEvent.setup();
    renderAt('/choose-location');
    await screen.findByRole('button', { name: /Germany/ });
    await user.type(screen.getByLabelText(en.chooseLocationSearch), 'Atlantis');
    expect(screen.getByText(en.chooseLocationNone)).toBeInTheDocument();
  });
});
