import { Dec } from '../ledger/decimal.js';
import { LOAN_ASSET, LOAN_MIN_AMOUNT } from './products.js';
import { LOAN_MAX_PHOTOS, LOAN_MIN_PHOTOS } from './service.js';
import { REPAYMENT_METHOD_TEXT } from './views.js';
import type { LoanProduct } from './storage.js';

const percent = (rate: string) => `${new Dec(rate).times(100).toFixed()} %`;

/**
 * rule/get-rule?type=loan: the loan rules as fields (for the form's checks) and as sections of plain text (for
 * the rules page), built from the live products and settings so the page never says something the server does
 * not enforce.
 */
export function loanRules(products: LoanProduct[], maxOpen: number) {
  const minAmount = products.length ? Dec.min(...products.map((p) => p.minAmount)).toFixed() : LOAN_MIN_AMOUNT;
  const maxAmount = products.length ? Dec.max(...products.map((p) => p.maxAmount)).toFixed() : LOAN_MIN_AMOUNT;
  const rates = products.map((p) => `${p.name}: ${percent(p.dailyRate)} a day for ${p.termDays} days, then ${percent(p.lateDailyRate)} a day`);
  return {
    type: 'loan',
    title: 'Loan rules',
    asset: LOAN_ASSET,
    kycRequired: true,
    realAccountOnly: true,
    minPhotos: LOAN_MIN_PHOTOS,
    maxPhotos: LOAN_MAX_PHOTOS,
    minAmount,
    maxAmount,
    maxOpenLoans: maxOpen,
    interest: 'daily',
    repaymentMethod: 'maturity',
    sections: [
      {
        title: 'Who can borrow',
        body: 'Loans are open to real accounts whose identity (KYC) is verified. Verify your KYC account before you apply; demo accounts cannot borrow.',
      },
      {
        title: 'Documents',
        body: `Every application needs at least ${LOAN_MIN_PHOTOS} photos of supporting documents that you upload yourself, for example proof of income, proof of address and a photo of you holding your ID, and at most ${LOAN_MAX_PHOTOS}. Each image must be under 5 MB.`,
      },
      {
        title: 'Amounts and terms',
        body: `Loans are in ${LOAN_ASSET}, from ${minAmount} to ${maxAmount} depending on the product. Each product sets its minimum and maximum amount, its term in days and its daily interest rate. The terms shown when you apply are fixed in your loan: a later change to a product never changes a loan you already have. You can have at most ${maxOpen} applications and unpaid loans at once.`,
      },
      {
        title: 'Approval',
        body: 'Our team reviews every application. When it is approved the full amount is paid at once into the available balance of your platform wallet, and the term starts that day. When it is rejected you see the reason, nothing is charged and you may apply again.',
      },
      {
        title: 'Interest',
        body: `Interest is charged per day on the principal you still owe, at the daily rate of your loan. The day the loan is paid out counts as the first day and every started day after it as one more, so repaying early costs only the days used. ${rates.join('. ')}${rates.length ? '.' : ''}`,
      },
      {
        title: 'Repayment',
        body: `${REPAYMENT_METHOD_TEXT.maturity}. Repayments come from the available ${LOAN_ASSET} of your platform wallet; each one pays the interest accrued so far first, then the principal. Ask for an estimate to see the exact amount before paying. "Repay all" settles every open loan at once, and only when your balance covers all of them.`,
      },
      {
        title: 'Late repayment',
        body: 'After the payment date, each further day is charged at the late daily rate of your loan instead of the normal rate, until the loan is repaid. There are no other fees or penalties.',
      },
      {
        title: 'Your safety',
        body: 'Meridian staff never ask you for a fee in advance, for your password or for a verification code to approve a loan. Loans are only applied for, paid out and repaid in this app.',
      },
    ],
  };
}
