import * as contracts from '@meridian/contracts';
import { identity } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom, toastsAtom, typeUserAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { loans } from '@meridian/contracts';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { installServer, ok, page, refused, type Answer } from '../../components/money/test-server';
import { ALL_ENOUGH, APPROVED, PARTIAL, PENDING, PRODUCTS, REJECTED, RULES, loan } from './test-fixtures';

// jsdom has no canvas: the compression is replaced by a stand-in
jest.mock('./parts/compress', () => ({
  compressLoanPhoto: jest.fn(async (file: File) => new Blob([`jpeg:${file.name}`], { type: 'image/jpeg' })),
}));

const en = translations.en;

let server: ReturnType<typeof installServer> | undefined;
let uploads: number;
let kycStatus: string;

function serve(extra: Record<string, Answer> = {}) {
  server = installServer({
    [loans.products.path]: ok(PRODUCTS),
    [loans.rules.path]: ok(RULES),
    [contracts.identity.info.path]: () => ok({ uid: '7', nickname: 'ann', kycStatus, accountMode: 'real' }),
    [contracts.identity.upload.path]: () => ok(`/asset/admin/common/oss/file/${String(++uploads).padStart(32, '0')}.jpg`),
    [loans.apply.path]: (call) => ok(loan({ amount: String(call.data?.amount) })),
    [loans.list.path]: (call) => {
      const status = call.params?.status;
      const all = [PENDING, APPROVED, PARTIAL, REJECTED];
      if (status === 'open') return ok(page([APPROVED, PARTIAL]));
      return ok(page(status ? all.filter((l) => l.status === status) : all));
    },
    [loans.estimateAll.path]: ok(ALL_ENOUGH),
    [loans.paidHistory.path]: ok(page([])),
    ...extra,
  });
}

beforeEach(() => {
  uploads = 0;
  kycStatus = 'verified';
  localStorage.clear();
});
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderAt(url: string, { loggedIn = true, mode = 'real' as 'real' | 'demo', language = 'en' } = {}) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus } as unknown as UserInfo);
  }
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
}

const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });
const amountField = () => screen.getByLabelText('Amount (USDT)', { selector: 'input' });
const photoInput = () => screen.getByTestId('loan-photo-picker').querySelector<HTMLInputElement>('input[type=file]')!;

async function addPhotos(user: ReturnType<typeof userEvent.setup>, count: number) {
  for (let i = 0; i < count; i += 1) {
    const before = screen.queryAllByRole('button', { name: /^Remove photo/ }).length;
    await user.upload(photoInput(), png(`doc-${i}.png`));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(before + 1));
  }
}

describe('loan products and rules (/pages/loan/index)', () => {
  it('shows every product with its terms and the rules from get-rule, to a visitor too', async () => {
    serve();
    renderAt('/pages/loan/index', { loggedIn: false });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.loanTitle);
    const starter = await screen.findByTestId('loan-product-starter-7');
    expect(within(starter).getByRole('heading', { name: 'Starter loan · 7 days' })).toBeInTheDocument();
    expect(starter).toHaveTextContent('From 20 to 1,000 USDT');
    expect(starter).toHaveTextContent('7 days');
    expect(starter).toHaveTextContent('0.1 % a day');
    expect(starter).toHaveTextContent('0.2 % a day');
    expect(starter).toHaveTextContent('0.7 USDT over the term');
    expect(starter).toHaveTextContent(en.loanMethodMaturity);
    expect(within(starter).getByRole('link', { name: en.loanApplyButton })).toHaveAttribute('href', '/pages/loan/components/loan?productId=1');
    expect(screen.getByTestId('loan-product-standard-30')).toHaveTextContent('From 100 to 10,000 USDT');

    const rules = screen.getByTestId('loan-rules');
    expect(rules).toHaveTextContent('at least 3 photos of supporting documents');
    expect(rules).toHaveTextContent('and at most 9');
    expect(rules).toHaveTextContent('from 20 to 50,000 depending on the product');
    expect(rules).toHaveTextContent('at most 3 applications and unpaid loans at once');
    expect(screen.getByTestId('loan-banner-visitor')).toHaveTextContent(en.loanVisitorText);
    expect(server!.callsTo(loans.rules.path)[0]?.params).toEqual({ type: 'loan' });
  });

  it('is translated (German)', async () => {
    serve();
    renderAt('/pages/loan/index', { loggedIn: false, language: 'ge' });
    const starter = await screen.findByTestId('loan-product-starter-7');
    expect(starter).toHaveTextContent('Von 20 bis 1.000 USDT');
    // The rate inside the text in German separators (a comma), as every figure beside it.
    expect(starter).toHaveTextContent('0,1 % pro Tag');
    expect(starter).toHaveTextContent('0,2 % pro Tag');
    expect(starter).not.toHaveTextContent('0.1 %');
    expect(screen.getByText(translations.ge.loanRulesTitle)).toBeInTheDocument();
  });

  it('tells an unverified user to verify KYC first, with the way to it', async () => {
    kycStatus = 'unverified';
    serve();
    renderAt('/pages/loan/index');
    const banner = await screen.findByTestId('loan-banner-unverified');
    expect(banner).toHaveTextContent('You must verify your KYC account before making a loan.');
    expect(within(banner).getByRole('link', { name: en.loanKycLink })).toHaveAttribute('href', '/pages/profile/kyc-verification/index');
  });

  it('shows the error state with a retry when the products cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({ [loans.products.path]: () => (fail ? 'network' : ok(PRODUCTS)) });
    renderAt('/pages/loan/index', { loggedIn: false });
    await screen.findByText(en.loanLoadFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('loan-product-starter-7');
  });
});

describe('loan application (/pages/loan/components/loan)', () => {
  it('an unverified user sees the KYC banner and cannot continue', async () => {
    kycStatus = 'unverified';
    serve();
    renderAt('/pages/loan/components/loan');
    await screen.findByTestId('loan-apply-form');
    expect(screen.getByTestId('loan-banner-unverified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.loanContinue })).toBeDisabled();
  });

  it('a demo account is told loans are for real accounts', async () => {
    serve();
    renderAt('/pages/loan/components/loan', { mode: 'demo' });
    await screen.findByTestId('loan-apply-form');
    expect(screen.getByTestId('loan-banner-demo')).toHaveTextContent(en.loanDemoText);
    expect(screen.getByRole('button', { name: en.loanContinue })).toBeDisabled();
  });

  it('checks the amount against the spec minimum and the product limits, and the photo count, before anything is sent', async () => {
    const user = userEvent.setup();
    serve();
    renderAt('/pages/loan/components/loan?productId=1');
    await screen.findByTestId('loan-apply-form');
    expect(screen.getByText('From 20 to 1,000 USDT for this product')).toBeInTheDocument();
    expect(screen.getByTestId('loan-photo-count')).toHaveTextContent('0 photos added (at least 3, at most 9)');

    await user.type(amountField(), '10');
    expect(screen.getByText('Minimum amount 20')).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '1500');
    expect(screen.getByText('The maximum for this product is 1,000 USDT')).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '1.1234567');
    expect(screen.getByText('Too many decimal places')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(en.loanProductLabel, { selector: 'select' }), '2');
    await user.clear(amountField());
    await user.type(amountField(), '50');
    expect(screen.getByText('The minimum for this product is 100 USDT')).toBeInTheDocument();

    await user.clear(amountField());
    await user.type(amountField(), '150');
    expect(screen.getByTestId('loan-large-hint')).toHaveTextContent('More than 100 USDT: make sure you can repay 153.6 USDT by the payment date.');

    await user.click(screen.getByRole('button', { name: en.loanContinue }));
    expect(screen.getByTestId('loan-photos-error')).toHaveTextContent('You need to add at least 3 photos');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server!.callsTo(loans.apply.path)).toHaveLength(0);
    expect(server!.callsTo(contracts.identity.upload.path)).toHaveLength(0);
  });

  it('previews and removes photos, sums up the frozen terms, and after the confirmation uploads the photos and applies once', async () => {
    const user = userEvent.setup();
    serve();
    const { store } = renderAt('/pages/loan/components/loan?productId=1');
    await screen.findByTestId('loan-apply-form');
    await user.type(amountField(), '500');
    expect(screen.queryByTestId('loan-large-hint')).toBeInTheDocument();
    expect(screen.getByTestId('loan-summary-interest')).toHaveTextContent('3.5 USDT');
    expect(screen.getByTestId('loan-summary-total')).toHaveTextContent('503.5 USDT');
    expect(screen.getByTestId('loan-summary-due')).toHaveTextContent(/^7 days after approval \(\d{4}-\d{2}-\d{2} if approved today\)$/);

    await addPhotos(user, 4);
    expect(screen.getByTestId('loan-photo-count')).toHaveTextContent('4 photos added');
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByTestId('loan-photo-count')).toHaveTextContent('3 photos added');

    await user.click(screen.getByRole('button', { name: en.loanContinue }));
    const dialog = await screen.findByRole('dialog', { name: en.loanConfirmTitle });
    expect(within(dialog).getByTestId('loan-summary-interest')).toHaveTextContent('3.5 USDT');
    expect(dialog).toHaveTextContent('3 document photos attached');
    expect(dialog).toHaveTextContent(en.loanFrozenNote);
    expect(server!.callsTo(identity.upload.path)).toHaveLength(0);

    const confirm = within(dialog).getByRole('button', { name: en.loanConfirmApply });
    await user.click(confirm);
    await user.click(confirm).catch(() => undefined);
    await waitFor(() => expect(window.location.pathname).toBe('/pages/loan/components/history-loan'));
    expect(window.location.search).toBe('?status=pending');
    expect(server!.callsTo(contracts.identity.upload.path)).toHaveLength(3);
    const applies = server!.callsTo(loans.apply.path);
    expect(applies).toHaveLength(1);
    expect(applies[0]!.data).toEqual({
      productId: '1',
      amount: '500',
      photos: [1, 2, 3].map((n) => `/asset/admin/common/oss/file/${String(n).padStart(32, '0')}.jpg`),
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.loanApplied);
  });

  it('a refused application keeps the dialog; trying again reuses the uploads and the request id', async () => {
    const user = userEvent.setup();
    let refuse = true;
    serve({ [loans.apply.path]: (call) => (refuse ? refused('You already have the most loans open at once; repay one first') : ok(loan({ amount: String(call.data?.amount) }))) });
    renderAt('/pages/loan/components/loan?productId=1');
    await screen.findByTestId('loan-apply-form');
    await user.type(amountField(), '100');
    await addPhotos(user, 3);
    await user.click(screen.getByRole('button', { name: en.loanContinue }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.loanConfirmApply }));
    await waitFor(() => expect(server!.callsTo(loans.apply.path)).toHaveLength(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    refuse = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.loanConfirmApply }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/loan/components/history-loan'));
    const [first, second] = server!.callsTo(loans.apply.path);
    expect(second!.data?.requestId).toBe(first!.data?.requestId);
    expect(server!.callsTo(identity.upload.path)).toHaveLength(3);
  });
});

describe('my loans (/pages/loan/components/history-loan)', () => {
  it('lists the loans with each status text, the reason of a rejection, and filters by status with tabs', async () => {
    const user = userEvent.setup();
    serve();
    renderAt('/pages/loan/components/history-loan');
    const list = await screen.findByTestId('loan-history');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(screen.getByTestId('loan-11')).getByTestId('loan-status')).toHaveTextContent('Waiting for approval');
    expect(within(screen.getByTestId('loan-12')).getByTestId('loan-status')).toHaveTextContent('Approved');
    expect(within(screen.getByTestId('loan-13')).getByTestId('loan-status')).toHaveTextContent('Settled 1 part');
    expect(within(screen.getByTestId('loan-14')).getByTestId('loan-status')).toHaveTextContent('Rejected');
    expect(screen.getByTestId('loan-14')).toHaveTextContent('Reason: Documents unreadable');
    expect(within(screen.getByTestId('loan-12')).getByTestId('loan-amount-to-pay')).toHaveTextContent('501 USDT');
    expect(screen.getByTestId('loan-12')).toHaveTextContent('2026-03-08');
    expect(within(screen.getByTestId('loan-13')).getByRole('link', { name: en.loanPaymentsLink })).toHaveAttribute('href', '/pages/loan/components/paid-history?loanId=13');
    expect(server!.callsTo(loans.list.path)[0]?.params).toEqual({ page: 1, size: 20 });

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(screen.getByTestId('loan-history').querySelectorAll('li')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
    expect(server!.callsTo(loans.list.path).at(-1)?.params).toEqual({ page: 1, size: 20, status: 'rejected' });
    expect(window.location.search).toBe('?status=rejected');
  });

  it('shows the status texts in the user language (Vietnamese under ru)', async () => {
    serve();
    renderAt('/pages/loan/components/history-loan?status=partial', { language: 'ru' });
    await waitFor(() => expect(screen.getByTestId('loan-13')).toBeInTheDocument());
    expect(within(screen.getByTestId('loan-13')).getByTestId('loan-status')).toHaveTextContent(translations.ru.loanStatusPartial);
  });

  it('says when there is no loan yet', async () => {
    serve({ [loans.list.path]: ok(page([])) });
    renderAt('/pages/loan/components/history-loan');
    await screen.findByText(en.loanNoLoans);
  });
});

describe('repaying (/pages/loan/components/list-pay-loan)', () => {
  const estimate = (amount: string, overrides = {}) => ({
    loanId: '12',
    asset: 'USDT',
    days: 2,
    overdue: false,
    principalDue: '500',
    interestDue: '1',
    amountToPay: '501',
    amount,
    interest: '1',
    principal: String(Number(amount) - 1),
    principalDueAfter: String(501 - Number(amount)),
    interestDueAfter: '0',
    settles: amount === '501',
    available: '2000',
    ...overrides,
  });

  it('shows the estimate of a repayment first, and only then sends it, once, with its request id', async () => {
    const user = userEvent.setup();
    serve({
      [loans.estimateOne.path]: (call) => ok(estimate(String(call.data?.amount))),
      [loans.payOne.path]: (call) => ok({ payment: { id: '1' }, loan: { ...APPROVED, status: 'partial', amount: String(call.data?.amount) } }),
    });
    const { store } = renderAt('/pages/loan/components/list-pay-loan');
    const card = await screen.findByTestId('open-loan-12');
    expect(within(card).getByTestId('loan-amount-to-pay')).toHaveTextContent('501USDT');
    await user.click(within(card).getByRole('button', { name: en.loanRepayButton }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount to repay (USDT)', { selector: 'input' });
    expect(amount).toHaveValue('501');
    expect(within(dialog).queryByRole('button', { name: en.loanConfirmRepay })).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '600');
    expect(within(dialog).getByText('The amount is above the 501 USDT to pay')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: en.loanEstimateButton })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '51');
    await user.click(within(dialog).getByRole('button', { name: en.loanEstimateButton }));
    const shown = await within(dialog).findByTestId('loan-repay-estimate');
    expect(server!.callsTo(loans.estimateOne.path)[0]?.data).toEqual({ loanId: '12', amount: '51' });
    expect(shown).toHaveTextContent('Interest1 USDT');
    expect(shown).toHaveTextContent('Principal50 USDT');
    expect(shown).toHaveTextContent('Still owed afterwards450 USDT');
    expect(server!.callsTo(loans.payOne.path)).toHaveLength(0);

    // changing the amount asks for a new estimate before anything can be paid
    await user.type(amount, '0');
    expect(within(dialog).queryByRole('button', { name: en.loanConfirmRepay })).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '51');
    await user.click(within(dialog).getByRole('button', { name: en.loanEstimateButton }));
    await user.click(await within(dialog).findByRole('button', { name: en.loanConfirmRepay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const pays = server!.callsTo(loans.payOne.path);
    expect(pays).toHaveLength(1);
    expect(pays[0]!.data).toEqual({ loanId: '12', amount: '51', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.loanRepaidToast);
  });

  it('an estimate above the available balance cannot be confirmed', async () => {
    const user = userEvent.setup();
    serve({ [loans.estimateOne.path]: (call) => ok(estimate(String(call.data?.amount), { available: '10' })) });
    renderAt('/pages/loan/components/list-pay-loan');
    await user.click(within(await screen.findByTestId('open-loan-12')).getByRole('button', { name: en.loanRepayButton }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: en.loanEstimateButton }));
    await within(dialog).findByText('Your available balance (10.00 USDT) is not enough for this repayment.');
    expect(within(dialog).getByRole('button', { name: en.loanConfirmRepay })).toBeDisabled();
  });

  it('repay all shows the totals of estimate-paid-loans and settles everything after a confirmation', async () => {
    const user = userEvent.setup();
    serve({ [loans.payAll.path]: ok({ asset: 'USDT', total: '801.3', principal: '800', interest: '1.3', payments: [], loans: [] }) });
    const { store } = renderAt('/pages/loan/components/list-pay-loan');
    const card = await screen.findByTestId('loan-repay-all');
    expect(card).toHaveTextContent('801.3USDT');
    await user.click(within(card).getByRole('button', { name: en.loanRepayAllButton }));
    const dialog = await screen.findByRole('dialog', { name: en.loanRepayAllTitle });
    expect(server!.callsTo(loans.payAll.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.loanConfirmRepayAll }));
    await waitFor(() => expect(server!.callsTo(loans.payAll.path)).toHaveLength(1));
    expect(server!.callsTo(loans.payAll.path)[0]!.data).toEqual({ requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    await waitFor(() => expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('All loans repaid: 801.3 USDT'));
  });

  it('repay all is disabled, with the reason, when the platform wallet does not cover every loan', async () => {
    serve({ [loans.estimateAll.path]: ok({ ...ALL_ENOUGH, available: '500.5', enough: false }) });
    renderAt('/pages/loan/components/list-pay-loan');
    const card = await screen.findByTestId('loan-repay-all');
    expect(within(card).getByRole('button', { name: en.loanRepayAllButton })).toBeDisabled();
    expect(within(card).getByTestId('loan-repay-all-short')).toHaveTextContent(
      'Your available balance of 500.50 USDT does not cover the 801.3 USDT needed to repay every loan.',
    );
  });

  it('says when nothing is owed', async () => {
    serve({ [loans.list.path]: ok(page([])), [loans.estimateAll.path]: ok({ ...ALL_ENOUGH, count: 0, amountToPay: '0' }) });
    renderAt('/pages/loan/components/list-pay-loan');
    await screen.findByText(en.loanNothingToRepay);
    expect(screen.queryByTestId('loan-repay-all')).not.toBeInTheDocument();
  });
});

describe('repayments (/pages/loan/components/paid-history)', () => {
  it('lists the payments of one loan with their split, and links to all of them', async () => {
    serve({
      [loans.paidHistory.path]: ok(page([{ id: '3', loanId: '13', productName: 'Starter loan · 7 days', asset: 'USDT', amount: '201.5', principal: '200', interest: '1.5', createdAt: '2026-03-03T10:00:00.000Z' }])),
    });
    renderAt('/pages/loan/components/paid-history?loanId=13');
    const row = await screen.findByTestId('loan-payment-3');
    expect(row).toHaveTextContent('201.5USDT');
    expect(row).toHaveTextContent('Principal200 USDT');
    expect(row).toHaveTextContent('Interest1.5 USDT');
    expect(row).toHaveTextContent('2026-03-03 10:00 UTC');
    expect(server!.callsTo(loans.paidHistory.path)[0]?.params).toEqual({ page: 1, size: 20, loanId: '13' });
    expect(screen.getByRole('link', { name: en.loanAllPaymentsLink })).toHaveAttribute('href', '/pages/loan/components/paid-history');
  });

  it('a visitor is sent to log in first', async () => {
    serve();
    renderAt('/pages/loan/components/paid-history', { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    act(() => undefined);
  });
});
