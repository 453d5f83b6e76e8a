/** The user-facing texts of the identity vertical (the spec's error catalogue where it has one). */
export const MSG = {
  sessionExpired: 'Login session expired',
  invalidCode: 'Invalid code',
  wrongCode: 'The verify code is not correct',
  accountExists: 'This account already exists',
  accountMissing: 'This account does not exist',
  resendWait: 'Please resend after 60 seconds',
  tooManyCodes: 'Too many codes requested, please try again later',
  deliveryFailed: 'The code could not be sent, please try again',
  invitationRequired: 'Invitation code is required',
  invitationUnknown: 'Invalid invitation code',
  locked: 'Locked, contact customer service',
  badCredentials: 'Incorrect account or password',
  passwordShort: 'Password must be at least 6 characters',
  passwordsInconsistent: 'The two passwords are inconsistent',
  oldPasswordWrong: 'The old password is not correct',
  fundPasswordExists: 'The fund password is already set',
  fundPasswordMissing: 'Set a fund password first',
  invalidEmail: 'Invalid e-mail address',
  invalidPhone: 'Invalid phone number',
  invalidCountry: 'Invalid country',
  imageTooBig: 'Image bigger than 5M',
  invalidImage: 'Invalid image',
  kycTrade: 'Please, KYC this account before trade!',
  kycLoan: 'You must verify your KYC account before making a loan',
  kycPending: 'Your KYC is under review',
  kycVerified: 'Your KYC is already verified',
  notFound: 'Not found',
} as const;

/** Business error code of every refusal here except the session one (301). */
export const FAIL = 1001;
export const SESSION_EXPIRED = 301;
