import { MONEY_MSG } from '../ledger/messages.js';

/** The loan screens' texts: the spec's catalogue where it has them (MONEY_MSG), the rest in the same voice. */
export const LOAN_MSG = {
  kyc: MONEY_MSG.kycLoan,
  photos: MONEY_MSG.loanPhotos,
  tooManyPhotos: 'You can add at most 9 photos',
  realOnly: 'Loans are available to real accounts only',
  productUnavailable: 'This loan product is not available',
  tooManyOpen: 'You already have the most loans open at once; repay one first',
  notFound: 'Loan not found',
  notOpen: 'This loan has nothing to repay',
  nothingToRepay: 'You have no loan to repay',
  aboveOwed: 'The amount is above the amount to pay',
  belowMinimum: MONEY_MSG.belowMinimum,
  aboveMaximum: MONEY_MSG.aboveMaximum,
} as const;
