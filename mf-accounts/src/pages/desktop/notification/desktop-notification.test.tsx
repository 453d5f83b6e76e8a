import { news, notifications } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { installServer, ok, page } from '../../../components/money/test-server';

const en = translations.en;
const SETTLED = {
  id: '7',
  kind: 'loan.settled',
  params: { loanId: '12', amount: '500', asset: 'USDT' },
  title: 'Loan settled',
  body: 'Your loan of 500 USDT is fully repaid.',
  refType: 'loan',
  refId: '12',
  read: false,
  createdAt: '2026-03-05T08:00:00.000Z',
};
let server: ReturnType<typeof installServer>;

beforeEach(() => {
  server = installServer({
    [notifications.list.path]: ok(page([SETTLED])),
    [notifications.unreadCount.path]: ok({ count: 1 }),
    [notifications.detail.path]: ok({ ...SETTLED, read: true }),
    [news.list.path]: ok(page([{ id: '9', title: 'New listings', summary: 'Three new coins.', publishedAt: '2026-03-02T08:00:00.000Z' }])),
    [news.detail.path]: ok({ id: '9', title: 'New listings', summary: 'Three new coins.', html: '<p>Trade <em>SOL</em> today.</p>', publishedAt: '2026-03-02T08:00:00.000Z' }),
  });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string, loggedIn = true) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

describe('desktop notifications (/pages/desktop/notification)', () => {
  it('shows the list beside the notification chosen, with desktop links only', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/notification');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.notificationTitle);
    expect(screen.getByText(en.notiChoose)).toBeInTheDocument();
    const item = await screen.findByTestId('noti-7');
    expect(item).toHaveTextContent('Your loan of 500 USDT is fully repaid.');
    await user.click(within(item).getByRole('link'));
    const detail = await screen.findByTestId('noti-detail');
    expect(window.location.search).toBe('?tab=notifications&id=7');
    expect(within(detail).getByRole('heading', { name: 'Loan settled' })).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: `Open ${en.loanHistoryTitle}` })).toHaveAttribute('href', '/pages/desktop/loan/index');
    expect(within(screen.getByTestId('noti-7')).getByRole('link')).toHaveAttribute('aria-current', 'page');
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
  });

  it('reads a news article beside the news list, for a visitor too', async () => {
    renderAt('/pages/desktop/notification?tab=news&id=9', false);
    const article = await screen.findByTestId('news-detail');
    expect(within(article).getByText('SOL').tagName).toBe('EM');
    expect(await screen.findByTestId('news-9')).toBeInTheDocument();
    expect(server.callsTo(notifications.list.path)).toHaveLength(0);
  });
});
