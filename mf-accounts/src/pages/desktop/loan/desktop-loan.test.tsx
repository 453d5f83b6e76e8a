import * as contracts from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { loans } from '@meridian/contracts';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { installServer, ok, page, type Answer } from '../../../components/money/test-server';
import { ALL_ENOUGH, APPROVED, PARTIAL, PENDING, PRODUCTS, REJECTED, RULES, loan } from '../../loan/test-fixtures';

jest.mock('../../loan/parts/compress', () => ({
  compressLoanPhoto: jest.fn(async (file: File) => new Blob([`jpeg:${file.name}`], { type: 'image/jpeg' })),
}));

const en = translations.en;
let server: ReturnType<typeof installServer> | undefined;
let uploads = 0;
let paid = false;

function serve(extra: Record<string, Answer> = {}) {
  server = installServer({
    [loans.products.path]: ok(PRODUCTS),
    [loans.rules.path]: ok(RULES),
    [contracts.identity.info.path]: ok({ uid: '7', kycStatus: 'verified', accountMode: 'real' }),
    [contracts.identity.upload.path]: () => ok(`/asset/admin/common/oss/file/${String(++uploads).padStart(32, '0')}.jpg`),
    [loans.apply.path]: (call) => ok(loan({ amount: String(call.data?.amount) })),
    [loans.list.path]: (call) => ok(page(call.params?.status === 'open' ? [APPROVED] : [PENDING, APPROVED, PARTIAL, REJECTED])),
    [loans.estimateAll.path]: ok({ ...ALL_ENOUGH, count: 1, amountToPay: '501' }),
    [loans.payAll.path]: () => {
      paid = true;
      return ok({ asset: 'USDT', total: '501', principal: '500', interest: '1', payments: [], loans: [] });
    },
    [loans.paidHistory.path]: () =>
      ok(page(paid ? [{ id: '4', loanId: '12', productName: 'Starter loan · 7 days', asset: 'USDT', amount: '501', principal: '500', interest: '1', createdAt: '2026-03-03T10:00:00.000Z' }] : [])),
    ...extra,
  });
}

beforeEach(() => {
  uploads = 0;
  paid = false;
  localStorage.clear();
});
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderAt(url: string, loggedIn = true) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, { uid: '7', kycStatus: 'verified' } as unknown as UserInfo);
  }
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const links = () => screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');

describe('desktop loans (/pages/desktop/loan/…)', () => {
  it('the index shows the products and rules to a visitor, linking only to desktop pages', async () => {
    serve();
    renderAt('/pages/desktop/loan/index', false);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.loanTitle);
    expect(screen.getByText(en.loanDescription)).toBeInTheDocument();
    const starter = await screen.findByTestId('loan-product-starter-7');
    expect(within(starter).getByRole('link', { name: en.loanApplyButton })).toHaveAttribute('href', '/pages/desktop/loan/loan?productId=1');
    expect(screen.getByTestId('loan-rules')).toBeInTheDocument();
    expect(within(screen.getByTestId('loan-banner-visitor')).getByRole('link')).toHaveAttribute('href', '/pages/desktop/login?redirect=%2Fpages%2Fdesktop%2Floan%2Findex');
    for (const href of links()) expect(href).toMatch(/^\/pages\/desktop\//);
    expect(screen.queryByTestId('loan-history')).not.toBeInTheDocument();
  });

  it('the index shows a user their loans with the status tabs', async () => {
    serve();
    renderAt('/pages/desktop/loan/index');
    await waitFor(() => expect(screen.getByTestId('loan-history').querySelectorAll(':scope > li')).toHaveLength(4));
    expect(screen.getByRole('tab', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(within(screen.getByTestId('loan-12')).getByRole('link', { name: en.loanRepayButton })).toHaveAttribute('href', '/pages/desktop/loan/list-pay-loan');
    for (const href of links()) expect(href).toMatch(/^\/pages\/desktop\//);
  });

  it('applies beside the rules and goes to the desktop index afterwards', async () => {
    const user = userEvent.setup();
    serve();
    renderAt('/pages/desktop/loan/loan?productId=2');
    await screen.findByTestId('loan-apply-form');
    expect(screen.getByLabelText(en.loanProductLabel, { selector: 'select' })).toHaveValue('2');
    await screen.findByTestId('loan-rules');
    await user.type(screen.getByLabelText('Amount (USDT)', { selector: 'input' }), '100');
    const input = () => screen.getByTestId('loan-photo-picker').querySelector<HTMLInputElement>('input[type=file]')!;
    for (let i = 0; i < 3; i += 1) {
      await user.upload(input(), new File(['x'], `p${i}.png`, { type: 'image/png' }));
      await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(i + 1));
    }
    await user.click(screen.getByRole('button', { name: en.loanContinue }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.loanConfirmApply }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/desktop/loan/index'));
    expect(server!.callsTo(loans.apply.path)[0]?.data).toMatchObject({ productId: '2', amount: '100' });
  });

  it('repays beside the repayments table, which reloads after a repayment', async () => {
    const user = userEvent.setup();
    serve();
    renderAt('/pages/desktop/loan/list-pay-loan');
    await screen.findByTestId('open-loan-12');
    await screen.findByText(en.loanNoPayments);
    await user.click(within(screen.getByTestId('loan-repay-all')).getByRole('button', { name: en.loanRepayAllButton }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.loanConfirmRepayAll }));
    const row = await screen.findByTestId('loan-payment-4');
    expect(row.tagName).toBe('TR');
    expect(row).toHaveTextContent('501 USDT');
  });
});
