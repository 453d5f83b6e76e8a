import type { Key } from './i18n';

/** Every screen URL of this remote, so routes and links cannot disagree. */
export const P = {
  loginEmail: '/pages/login/email-login',
  loginPhone: '/pages/login/login',
  register: '/pages/register/index',
  registerVerifyCode: '/pages/register/verify-code',
  registerSelectCountry: '/pages/register/select-country',
  registerEmail: '/pages/register/email/index',
  registerEmailVerifyCode: '/pages/register/email/verify-code',
  forgotPassword: '/pages/forgot-password/index',
  findPwdPhone: '/pages/findPwd/phone-find',
  findPwdEmail: '/pages/findPwd/email-find',
  profile: '/pages/profile/index',
  kyc: '/pages/profile/kyc-verification/index',
  securityCenter: '/pages/profile/security-center/index',
  changePassword: '/pages/profile/security-center/change-password',
  paymentPassword: '/pages/profile/security-center/payment-password',
  forgotFundPassword: '/pages/profile/security-center/forgot-fund-password',
  sessions: '/pages/profile/security-center/sessions',
  resetPassword: '/pages/profile/reset-password',
  accountSetting: '/pages/profile/account-setting/index',
  nickname: '/pages/profile/account-setting/nickname',
  email: '/pages/profile/account-setting/email',
  language: '/pages/profile/language',
  helperCenter: '/pages/profile/helper-center',
  aboutUs: '/pages/profile/about-us',
  wallet: '/pages/wallet/index',
  assets: '/pages/assets/index',
  assetsAccount: '/pages/assets/account',
  assetsTransfer: '/pages/assets/transfer',
  assetsTransferRecords: '/pages/assets/transfer-records',
  transfer: '/pages/transfer/index',
  transferRecords: '/pages/transfer/records',
  convert: '/pages/convert/index',
  convertRecords: '/pages/convert/convert-records',
  recharge: '/pages/recharge/index',
  rechargeRecords: '/pages/recharge/recharge-records',
  rechargeList: '/pages/recharge/recharge-list',
  withdraw: '/pages/withdraw/withdraw',
  withdrawHistory: '/pages/withdraw/withdraw-history',
  withdrawAddress: '/pages/withdraw/withdraw-address',
  withdrawAddressList: '/pages/withdraw/withdraw-address-list',
  createAddress: '/pages/withdraw/create-address',
  loan: '/pages/loan/index',
  loanApply: '/pages/loan/components/loan',
  loanHistory: '/pages/loan/components/history-loan',
  loanListPay: '/pages/loan/components/list-pay-loan',
  loanPaidHistory: '/pages/loan/components/paid-history',
  notification: '/pages/notification/index',
  notificationDetail: '/pages/notification/detail',
  privacyPolicy: '/pages/privacy-policy/privacy-policy',
  desktopLogin: '/pages/desktop/login',
  desktopLoginPhone: '/pages/desktop/login/login-phone',
  desktopLoginEmail: '/pages/desktop/login/login-email',
  desktopSelectCountry: '/pages/desktop/login/select-country',
  desktopRegister: '/pages/desktop/register',
  desktopRegisterPhone: '/pages/desktop/register/register-phone',
  desktopRegisterEmail: '/pages/desktop/register/register-email',
  desktopVerifyCodePhone: '/pages/desktop/register/verify-code-phone',
  desktopVerifyCodeEmail: '/pages/desktop/register/verify-code-email',
  desktopForgotPassword: '/pages/desktop/forgot-password',
  desktopSettings: '/pages/desktop/settings',
  desktopChangePassword: '/pages/desktop/settings/change-password',
  desktopSetFundPassword: '/pages/desktop/settings/set-fund-password',
  desktopForgotFundPassword: '/pages/desktop/settings/forgot-fund-password',
  desktopAccount: '/pages/desktop/settings/account',
  desktopKyc: '/pages/desktop/kyc',
  desktopLanguage: '/pages/desktop/language',
  desktopNotification: '/pages/desktop/notification',
  desktopRecharge: '/pages/desktop/recharge',
  desktopWithdraw: '/pages/desktop/withdraw',
  desktopWithdrawHistory: '/pages/desktop/withdraw/components/history',
  desktopLoan: '/pages/desktop/loan/index',
  desktopLoanApply: '/pages/desktop/loan/loan',
  desktopLoanListPay: '/pages/desktop/loan/list-pay-loan',
  desktopAssets: '/pages/desktop/assets',
  desktopAssetsPlatform: '/pages/desktop/assets/platform',
  desktopAssetsWealth: '/pages/desktop/assets/wealth-management',
  desktopAssetsContract: '/pages/desktop/assets/contract',
  desktopAssetsSpot: '/pages/desktop/assets/spot',
  desktopAssetsConvert: '/pages/desktop/assets/convert',
  desktopAssetsTransfer: '/pages/desktop/assets/transfer',
  /** The option wallet has no desktop route in the spec; it gets one beside the other four. */
  desktopAssetsOption: '/pages/desktop/assets/option',
} as const;

/** Pages of other applications this remote links to (navigated through single-spa). */
export const EXTERNAL = {
  home: '/pages/home/index',
  quote: '/pages/quote/index',
  c2c: '/pages/c2c/index',
  manageAccount: '/pages/manage-account/index',
  /** The shell's customer service page (logged-in users only: the shell sends a visitor to log in first). */
  customerService: '/pages/home/components/customer-service',
  /** The shell's company website page. */
  websiteCompany: '/pages/home/components/website-company',
  desktopMarket: '/pages/desktop/market',
  desktopC2c: '/pages/desktop/c2c',
  desktopManage: '/pages/desktop/manage',
} as const;

/** The two policy texts of /pages/privacy-policy/privacy-policy, picked with ?type=. */
export const POLICY_TYPES = ['privacy', 'user'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const policyUrl = (type: PolicyType): string => (type === 'privacy' ? P.privacyPolicy : `${P.privacyPolicy}?type=${type}`);

/** Where the standalone preview starts. */
export const HOME = P.wallet;

/** A route prefix this remote owns (see meridian.routes.json) and the area index its not-found page links to. */
export interface Area {
  prefix: string;
  index: string;
  title: Key;
}

export const AREAS: Area[] = [
  { prefix: '/pages/login', index: P.loginEmail, title: 'loginTitle' },
  { prefix: '/pages/register', index: P.register, title: 'registerTitle' },
  { prefix: '/pages/forgot-password', index: P.forgotPassword, title: 'forgotPasswordTitle' },
  { prefix: '/pages/findPwd', index: P.forgotPassword, title: 'forgotPasswordTitle' },
  { prefix: '/pages/profile', index: P.profile, title: 'profileTitle' },
  { prefix: '/pages/wallet', index: P.wallet, title: 'walletTitle' },
  { prefix: '/pages/assets', index: P.assets, title: 'assetsTitle' },
  { prefix: '/pages/transfer', index: P.transfer, title: 'transferTitle' },
  { prefix: '/pages/convert', index: P.convert, title: 'convertTitle' },
  { prefix: '/pages/recharge', index: P.recharge, title: 'rechargeTitle' },
  { prefix: '/pages/withdraw', index: P.withdraw, title: 'withdrawTitle' },
  { prefix: '/pages/loan', index: P.loan, title: 'loanTitle' },
  { prefix: '/pages/notification', index: P.notification, title: 'notificationTitle' },
  { prefix: '/pages/privacy-policy', index: P.privacyPolicy, title: 'privacyPolicyTitle' },
  { prefix: '/pages/desktop/login', index: P.desktopLogin, title: 'loginTitle' },
  { prefix: '/pages/desktop/register', index: P.desktopRegister, title: 'registerTitle' },
  { prefix: '/pages/desktop/forgot-password', index: P.desktopForgotPassword, title: 'forgotPasswordTitle' },
  { prefix: '/pages/desktop/settings', index: P.desktopSettings, title: 'settingsTitle' },
  { prefix: '/pages/desktop/kyc', index: P.desktopKyc, title: 'kycTitle' },
  { prefix: '/pages/desktop/language', index: P.desktopLanguage, title: 'languageTitle' },
  { prefix: '/pages/desktop/notification', index: P.desktopNotification, title: 'notificationTitle' },
  { prefix: '/pages/desktop/recharge', index: P.desktopRecharge, title: 'rechargeTitle' },
  { prefix: '/pages/desktop/withdraw', index: P.desktopWithdraw, title: 'withdrawTitle' },
  { prefix: '/pages/desktop/loan', index: P.desktopLoan, title: 'loanTitle' },
  { prefix: '/pages/desktop/assets', index: P.desktopAssets, title: 'assetsTitle' },
];

/** Folders without a screen of their own that open their index (besides each prefix, see App). */
export const REDIRECTS: Array<[from: string, to: string]> = [
  ['/pages/register/email', P.registerEmail],
  ['/pages/profile/security-center', P.securityCenter],
  ['/pages/profile/account-setting', P.accountSetting],
  ['/pages/loan/components', P.loan],
];

/**
 * Sub-routes whose step is now part of a form (the country picker and the verification code live inside the
 * sign-up and login forms): they open that form, keeping the query (an invitation code, a redirect).
 */
export const FOLDED_STEPS: Array<[from: string, to: string]> = [
  [P.registerVerifyCode, P.register],
  [P.registerSelectCountry, P.register],
  [P.registerEmailVerifyCode, P.registerEmail],
  [P.desktopSelectCountry, P.desktopLoginPhone],
  [P.desktopVerifyCodePhone, P.desktopRegisterPhone],
  [P.desktopVerifyCodeEmail, P.desktopRegisterEmail],
];
