import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { FAQ, matchesQuery, normalizeForSearch } from './faq';

const en = translations.en;
const URL_ = '/pages/profile/helper-center';

function renderAt({ loggedIn = false, language = 'en' }: { loggedIn?: boolean; language?: string } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url: URL_, language, store, translations: { namespace: NS, texts: translations } });
}

const search = () => screen.getByRole('searchbox', { name: en.faqSearchLabel });
const questionButtons = () => screen.getAllByRole('button', { expanded: false }).concat(screen.queryAllByRole('button', { expanded: true }));
const allQuestions = FAQ.flatMap((topic) => topic.items);

beforeEach(() => localStorage.clear());

describe('help centre (/pages/profile/helper-center)', () => {
  it('shows every question grouped by topic, each closed, with its own heading level', () => {
    renderAt();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.helperCenterTitle);
    expect(screen.getByText(en.helperCenterDescription)).toBeInTheDocument();
    for (const topic of FAQ) {
      const section = screen.getByRole('region', { name: en[topic.title] });
      expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(topic.items.length);
    }
    expect(questionButtons()).toHaveLength(allQuestions.length);
    for (const item of allQuestions) expect(screen.getByRole('button', { name: en[item.question] })).toHaveAttribute('aria-expanded', 'false');
    // closed answers are hidden, so not in the accessibility tree
    expect(screen.queryByText(en.faqFeesA)).not.toBeVisible();
  });

  it('the spec\'s fee exemption, the no-advance-payment rule and the risk answers are all there', () => {
    renderAt();
    expect(en.faqFeesA).toContain('New users are exempt from deposit and withdrawal fees for the first three months');
    expect(en.faqAdvanceFeeA).toMatch(/never requires any extra payment, deposit or fee paid in advance/);
    expect(en.faqSecondsA).toMatch(/payout ratio is shown before you confirm/);
    expect(en.faqLiquidationA).toMatch(/liquidation price is shown/);
    expect(en.faqDemoA).toMatch(/never mix/);
    for (const key of ['faqFeesQ', 'faqAdvanceFeeQ', 'faqSecondsQ', 'faqLiquidationQ', 'faqDemoQ'] as const) {
      expect(screen.getByRole('button', { name: en[key] })).toBeInTheDocument();
    }
  });

  it('a question opens and closes its answer region, with aria-expanded and aria-controls, by click and keyboard', async () => {
    const user = userEvent.setup();
    renderAt();
    const button = screen.getByRole('button', { name: en.faqFeesQ });
    const panelId = button.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: en.faqFeesQ });
    expect(region).toHaveAttribute('id', panelId!);
    expect(region).toHaveTextContent(en.faqFeesA);
    // other questions stay closed
    expect(screen.getByRole('button', { name: en.faqDepositQ })).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: en.faqFeesQ })).not.toBeInTheDocument();
    // keyboard: a real button, so Enter and Space toggle it
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('search keeps only the matching questions (in question or answer, any case, any accent), opened, and says how many', async () => {
    const user = userEvent.setup();
    renderAt();
    await user.type(search(), 'ADVANCE');
    expect(screen.getByTestId('faq-status')).toHaveTextContent('Matching questions: 1');
    const buttons = screen.getAllByRole('button', { expanded: true });
    expect(buttons.map((b) => b.textContent)).toEqual([en.faqAdvanceFeeQ]);
    expect(screen.getByRole('region', { name: en.faqAdvanceFeeQ })).toHaveTextContent(en.faqAdvanceFeeA);
    expect(screen.queryByRole('button', { name: en.faqRegisterQ })).not.toBeInTheDocument();
    // topics without a match disappear
    expect(screen.queryByRole('heading', { name: en.faqTopicAccount })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: en.faqTopicWithdraw })).toBeInTheDocument();

    // every word must match, in any of the texts
    await user.clear(search());
    await user.type(search(), 'fee three months');
    expect(screen.getAllByRole('button', { expanded: true }).map((b) => b.textContent)).toEqual([en.faqFeesQ]);

    // a match can be closed by the user while the search stays
    await user.click(screen.getByRole('button', { name: en.faqFeesQ }));
    expect(screen.getByRole('button', { name: en.faqFeesQ })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: en.faqClearSearch }));
    expect(search()).toHaveValue('');
    expect(questionButtons()).toHaveLength(allQuestions.length);
    expect(screen.getByTestId('faq-status')).toHaveTextContent('');
  });

  it('says so when nothing matches, and points to customer service', async () => {
    const user = userEvent.setup();
    renderAt();
    await user.type(search(), 'zzzz-nothing');
    expect(screen.getByTestId('faq-status')).toHaveTextContent('No question matches “zzzz-nothing”.');
    expect(screen.getByText(en.faqNoResultsHint)).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { expanded: false })).toHaveLength(0);
  });

  it('searches the language shown', async () => {
    const user = userEvent.setup();
    renderAt({ language: 'fr' });
    const fr = translations.fr;
    await user.type(screen.getByRole('searchbox', { name: fr.faqSearchLabel }), 'liquidation');
    const open = screen.getAllByRole('button', { expanded: true }).map((b) => b.textContent);
    expect(open).toContain(fr.faqLiquidationQ);
    expect(open).not.toContain(fr.faqRegisterQ);
  });

  it('a logged-in user gets the customer service link', () => {
    renderAt({ loggedIn: true });
    expect(screen.getByRole('link', { name: en.faqContactLink })).toHaveAttribute('href', '/pages/home/components/customer-service');
  });

  it('a visitor is offered to log in and come back to customer service', () => {
    renderAt({ loggedIn: false });
    expect(screen.queryByRole('link', { name: en.faqContactLink })).not.toBeInTheDocument();
    expect(screen.getByText(en.faqContactLoginHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.faqContactLogin })).toHaveAttribute(
      'href',
      `/pages/login/email-login?redirect=${encodeURIComponent('/pages/home/components/customer-service')}`,
    );
  });

  it('has a way back to the profile', () => {
    renderAt();
    expect(screen.getByRole('link', { name: `Back to ${en.profileTitle}` })).toHaveAttribute('href', '/pages/profile/index');
  });
});

describe('help centre search matching', () => {
  it('ignores case, accents and extra spaces; needs every word', () => {
    expect(normalizeForSearch('  Dépôt   ÉLEVÉ ')).toBe('depot eleve');
    expect(matchesQuery('depot', ['Comment effectuer un dépôt ?'])).toBe(true);
    expect(matchesQuery('fee months', ['fees', 'for three months'])).toBe(true);
    expect(matchesQuery('fee years', ['fees', 'for three months'])).toBe(false);
    expect(matchesQuery('   ', ['anything'])).toBe(true);
    expect(matchesQuery('提现', ['如何提现？'])).toBe(true);
  });
});
