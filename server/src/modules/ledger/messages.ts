/** The user-facing texts of money movement (the spec's error catalogue where it has one). */
export const MONEY_MSG = {
  invalidAmount: 'Invalid amount',
  insufficientBalance: 'Insufficient balance',
  notEnough: 'Your amount is not enough',
  sameWallet: 'Please choose another target wallet',
  sameAsset: 'Please choose another currency to convert to',
  unknownWallet: 'Unknown wallet',
  unknownAsset: 'Unknown currency',
  invalidChain: 'Invalid chain type',
  addressRequired: 'Please set an address first',
  belowMinimum: 'The amount is below the minimum',
  aboveMaximum: 'The amount is above the maximum',
  fundPasswordWrong: 'The fund password is not correct',
  fundPasswordMissing: 'Set a fund password first',
  rateMoved: 'The rate has changed, please confirm the new estimate',
  notFound: 'Not found',
  notPending: 'This request is no longer pending',
  kycLoan: 'You must verify your KYC account before making a loan',
  loanPhotos: 'You need to add at least 3 photos',
  demoOnly: 'Only a demo account can be reset',
} as const;

/** Business error code of every money refusal. */
export const MONEY_FAIL = 1002;
