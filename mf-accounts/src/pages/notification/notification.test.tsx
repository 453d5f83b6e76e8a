import { news, notifications } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { type AppNotification } from '../../api/notification';
import { installServer, ok, page, type Answer } from '../../components/money/test-server';
import { scrubArticleHtml } from './parts/html';

const en = translations.en;

const note = (overrides: Partial<AppNotification>): AppNotification => ({
  id: '1',
  kind: 'kyc.verified',
  params: {},
  title: 'Identity verified',
  body: 'Your identity is verified: you can now trade and apply for loans.',
  refType: 'kyc',
  refId: '3',
  read: false,
  createdAt: '2026-03-01T08:00:00.000Z',
  ...overrides,
});

const APPROVED = note({
  id: '5',
  kind: 'loan.approved',
  params: { loanId: '12', amount: '1500', asset: 'USDT', dueAt: '2026-03-08T09:30:00.000Z' },
  title: 'Loan approved',
  body: 'Your loan of 1500 USDT is approved and paid into your platform wallet. Repay by 2026-03-08.',
  refType: 'loan',
  refId: '12',
});
const KYC_REJECTED = note({ id: '4', kind: 'kyc.rejected', params: { reason: 'Blurry photo' }, title: 'Identity verification rejected', body: 'server text', read: true });
const UNKNOWN = note({ id: '3', kind: 'promo.summer', params: {}, title: 'Summer offer', body: 'A server-side text', refType: 'promo', read: true });
const MISSING_PARAMS = note({ id: '2', kind: 'loan.rejected', params: { amount: '20' }, title: 'Loan application rejected', body: 'Rejected: no reason param', refType: 'loan', read: true });

const NEWS = [
  { id: '9', title: 'New listings', summary: 'Three new coins are listed.', publishedAt: '2026-03-02T08:00:00.000Z' },
  { id: '8', title: 'Maintenance window', summary: 'Short maintenance on Sunday.', publishedAt: '2026-03-01T08:00:00.000Z' },
];

let server: ReturnType<typeof installServer> | undefined;
let unread: number;

function serve(extra: Record<string, Answer> = {}) {
  server = installServer({
    [notifications.list.path]: () => ok(page([APPROVED, KYC_REJECTED, UNKNOWN, MISSING_PARAMS].map((n) => (unread === 0 ? { ...n, read: true } : n)))),
    [notifications.unreadCount.path]: () => ok({ count: unread }),
    [notifications.readAll.path]: () => {
      unread = 0;
      return ok({ count: 0 });
    },
    [notifications.detail.path]: (call) => ok({ ...[APPROVED, KYC_REJECTED, UNKNOWN].find((n) => n.id === call.params?.id), read: true }),
    [news.list.path]: ok(page(NEWS)),
    [news.detail.path]: (call) =>
      ok({
        ...NEWS.find((n) => n.id === call.params?.id),
        html: '<h2>Listed today</h2><p>Trade <strong>SOL</strong> and <a href="/pages/quote/index">more</a>.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
      }),
    ...extra,
  });
}

beforeEach(() => {
  unread = 1;
  localStorage.clear();
});
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderAt(url: string, { loggedIn = true, language = 'en' } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
}

describe('notifications (/pages/notification/index)', () => {
  it('lists the notifications translated by kind with their params, the unread one marked, with the unread count', async () => {
    serve();
    renderAt('/pages/notification/index');
    const approved = await screen.findByTestId('noti-5');
    expect(approved).toHaveAttribute('data-read', 'false');
    expect(approved).toHaveTextContent('Unread: Loan approved');
    expect(approved).toHaveTextContent('Your loan of 1,500 USDT is approved and paid into your platform wallet. Repay by 2026-03-08.');
    expect(within(approved).getByRole('link')).toHaveAttribute('href', '/pages/notification/detail?id=5&type=notification');
    expect(screen.getByTestId('noti-4')).toHaveAttribute('data-read', 'true');
    expect(screen.getByTestId('noti-4')).toHaveTextContent('Your identity verification was rejected: Blurry photo. You can submit your documents again.');
    // an unknown kind, or one without the params its text needs, shows the server's own text
    expect(screen.getByTestId('noti-3')).toHaveTextContent('Summer offerA server-side text');
    expect(screen.getByTestId('noti-2')).toHaveTextContent('Rejected: no reason param');
    await waitFor(() => expect(screen.getByTestId('noti-unread-count')).toHaveTextContent('1'));
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('translates the kinds in the user language (French)', async () => {
    serve();
    renderAt('/pages/notification/index', { language: 'fr' });
    const approved = await screen.findByTestId('noti-5');
    expect(approved).toHaveTextContent('Prêt approuvé');
    // grouped the French way (a narrow no-break space, which the matcher reads as a space)
    expect(approved).toHaveTextContent('Votre prêt de 1 500 USDT est approuvé et versé sur votre portefeuille plateforme. Remboursez-le avant le 2026-03-08.');
    expect(screen.getByTestId('noti-4')).toHaveTextContent('La vérification de votre identité a été refusée : Blurry photo.');
  });

  it('translates C2C and OTC steps with their order figures (German), and an appeal decided with its reason', async () => {
    const paid = note({ id: '21', kind: 'c2c.paid', params: { orderId: '31', quantity: '100', asset: 'USDT', total: '102', fiat: 'USD' }, title: 'C2C order', body: 'The buyer of order 31 says they have paid 102 USD.', refType: 'c2c-order', refId: '31' });
    const decided = note({ id: '22', kind: 'c2c.appeal-return', params: { orderId: '31', quantity: '100', asset: 'USDT', total: '102', fiat: 'USD', reason: 'No payment arrived.' }, title: 'C2C order', body: 'server text', refType: 'c2c-order', refId: '31' });
    const otc = note({ id: '23', kind: 'otc.rejected', params: { orderId: '7', side: 'buy', quantity: '50', asset: 'USDT', total: '50.5', fiat: 'USD', reason: '' }, title: 'OTC order', body: 'OTC order 7 rejected: ', refType: 'otc-order', refId: '7' });
    server = installServer({ [notifications.list.path]: ok(page([paid, decided, otc])), [notifications.unreadCount.path]: ok({ count: 1 }) });
    renderAt('/pages/notification/index', { language: 'ge' });
    expect(await screen.findByTestId('noti-21')).toHaveTextContent('Der Käufer der Order 31 gibt an, 102 USD bezahlt zu haben.');
    expect(screen.getByTestId('noti-22')).toHaveTextContent('Einspruch zu Order 31 entschieden: Die Coins wurden an den Verkäufer zurückgegeben. No payment arrived.');
    // without a reason the server's own text stands
    expect(screen.getByTestId('noti-23')).toHaveTextContent('OTC order 7 rejected:');
  });

  it('"mark all read" calls reset-num-noti, marks every item read, clears the count and tells the bell', async () => {
    const user = userEvent.setup();
    serve();
    const { queryClient } = renderAt('/pages/notification/index');
    await waitFor(() => expect(screen.getByTestId('noti-unread-count')).toBeInTheDocument());
    const countsAsked = server!.callsTo(notifications.unreadCount.path).length;
    await user.click(screen.getByRole('button', { name: en.notiMarkAllRead }));
    await waitFor(() => expect(screen.getByTestId('noti-5')).toHaveAttribute('data-read', 'true'));
    expect(server!.callsTo(notifications.readAll.path)).toHaveLength(1);
    expect(screen.queryByTestId('noti-unread-count')).not.toBeInTheDocument();
    expect(screen.getByText(en.notiAllReadText)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.notiMarkAllRead })).toBeDisabled();
    // the bell reads the same count: it is asked again (the NOTIFICATION group), and so is the list
    await waitFor(() => expect(server!.callsTo(notifications.unreadCount.path).length).toBeGreaterThan(countsAsked));
    expect(queryClient.getQueryData([notifications.unreadCount.path, {}])).toEqual({ count: 0 });
  });

  it('shows the error state with a retry when the list cannot be loaded, and the empty state', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({ [notifications.list.path]: () => (fail ? 'network' : ok(page([]))) });
    renderAt('/pages/notification/index');
    await screen.findByText(en.notiLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(en.notiEmpty);
  });

  it('a visitor starts on the news and is asked to log in for the notifications', async () => {
    const user = userEvent.setup();
    serve();
    renderAt('/pages/notification/index', { loggedIn: false });
    await screen.findByTestId('news-9');
    await user.click(screen.getByRole('tab', { name: en.notiTabNotifications }));
    expect(screen.getByTestId('noti-login')).toHaveTextContent(en.notiLoginText);
    expect(within(screen.getByTestId('noti-login')).getByRole('link')).toHaveAttribute('href', '/pages/login/email-login?redirect=%2Fpages%2Fnotification%2Findex%3Ftab%3Dnotifications');
    await user.click(screen.getByRole('tab', { name: en.notiTabNews }));
    const item = await screen.findByTestId('news-9');
    expect(item).toHaveTextContent('New listings');
    expect(item).toHaveTextContent('Three new coins are listed.');
    expect(within(item).getByRole('link')).toHaveAttribute('href', '/pages/notification/detail?id=9&type=news');
    expect(window.location.search).toBe('?tab=news');
    expect(server!.callsTo(notifications.list.path)).toHaveLength(0);
  });
});

describe('notification detail (/pages/notification/detail)', () => {
  it('opens one notification (the server marks it read), translated, with the way to what it is about', async () => {
    serve();
    const { queryClient } = renderAt('/pages/notification/detail?id=5&type=notification');
    // the bell's count, as the shell caches it
    queryClient.setQueryData([notifications.unreadCount.path, {}], { count: 1 });
    const detail = await screen.findByTestId('noti-detail');
    expect(within(detail).getByRole('heading', { name: 'Loan approved' })).toBeInTheDocument();
    expect(detail).toHaveTextContent('Repay by 2026-03-08.');
    expect(within(detail).getByRole('link', { name: `Open ${en.loanHistoryTitle}` })).toHaveAttribute('href', '/pages/loan/components/history-loan');
    expect(server!.callsTo(notifications.detail.path)[0]?.params).toEqual({ id: '5' });
    // the server marked it read: the cached unread count is stale (the bell reads it again)
    await waitFor(() => expect(queryClient.getQueryState([notifications.unreadCount.path, {}])?.isInvalidated).toBe(true));
    expect(screen.getByRole('link', { name: en.notiBackToNotifications })).toHaveAttribute('href', '/pages/notification/index');
  });

  it('shows a news article from the server-sanitised HTML, with nothing executable left', async () => {
    serve();
    renderAt('/pages/notification/detail?id=9&type=news', { loggedIn: false });
    const article = await screen.findByTestId('news-detail');
    expect(within(article).getByRole('heading', { name: 'New listings' })).toBeInTheDocument();
    const html = within(article).getByTestId('news-html');
    expect(within(html).getByRole('heading', { name: 'Listed today' })).toBeInTheDocument();
    expect(within(html).getByText('SOL').tagName).toBe('STRONG');
    expect(within(html).getByRole('link', { name: 'more' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(html.querySelector('script')).toBeNull();
    expect(html.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: en.notiBackToNews })).toHaveAttribute('href', '/pages/notification/index?tab=news');
  });

  it('an article that cannot be loaded shows the error with a retry', async () => {
    serve({ [news.detail.path]: 'network' });
    renderAt('/pages/notification/detail?id=9&type=news', { loggedIn: false });
    await screen.findByText(en.notiNewsDetailFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('an id the server does not know (or another user\'s) says not found, with the way back, and no retry', async () => {
    serve({
      [notifications.detail.path]: { code: 500, msg: 'Not found', reason: 'notFound', data: null },
      [news.detail.path]: { code: 500, msg: 'Not found', reason: 'notFound', data: null },
    });
    const { unmount } = renderAt('/pages/notification/detail?id=77&type=notification');
    expect(await screen.findByTestId('not-found')).toHaveTextContent('Not found');
    expect(screen.queryByText(en.notiDetailFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.notiBackToNotifications })).toBeInTheDocument();
    unmount();
    renderAt('/pages/notification/detail?id=77&type=news', { loggedIn: false });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByText(en.notiNewsDetailFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.notiBackToNews })).toBeInTheDocument();
  });

  it('without an id it says not found (the link is incomplete), asks nothing, and leads back', async () => {
    serve();
    renderAt('/pages/notification/detail?type=notification');
    const state = await screen.findByTestId('not-found');
    expect(state).toHaveTextContent('Not found');
    expect(state).toHaveTextContent(en.notiMissing);
    expect(server!.callsTo(notifications.detail.path)).toHaveLength(0);
    expect(screen.getByRole('link', { name: en.notiBackToNotifications })).toBeInTheDocument();
  });

  it('a visitor opening a notification is sent to log in first', async () => {
    serve();
    renderAt('/pages/notification/detail?id=5&type=notification', { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(server!.callsTo(notifications.detail.path)).toHaveLength(0);
  });
});

describe('scrubArticleHtml', () => {
  it('keeps the article and drops scripts, handlers, styles and unsafe addresses', () => {
    const out = scrubArticleHtml(
      '<p style="color:red" onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.com">ok</a></p><iframe src="https://x"></iframe><img src="data:image/png;base64,AA">',
    );
    expect(out).toBe('<p>Hi <a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a></p><img>');
  });
});
