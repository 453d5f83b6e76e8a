import type { ReactElement } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { NotFound } from './components/NotFound';
import { AREAS, FOLDED_STEPS, P, REDIRECTS } from './paths';
import { KeepQueryRedirect } from './pages/login/components/KeepQueryRedirect';
import { lazyPage, type LazyPage } from './routing/lazy-page';
import { SESSION_SCREENS } from './routing/session-routes';
import { RequireLogin } from './components/money/parts';

// Each screen is its own chunk (webpack splits at every import()), so a route downloads only its page's code.
const EmailLoginPage = lazyPage(() => import('./pages/login/email-login/EmailLoginPage').then((m) => m.EmailLoginPage));
const PhoneLoginPage = lazyPage(() => import('./pages/login/login/PhoneLoginPage').then((m) => m.PhoneLoginPage));
const RegisterIndexPage = lazyPage(() => import('./pages/register/index/IndexPage').then((m) => m.RegisterIndexPage));
const EmailRegisterPage = lazyPage(() => import('./pages/register/email/EmailRegisterPage').then((m) => m.EmailRegisterPage));
const ForgotPasswordIndexPage = lazyPage(() => import('./pages/forgot-password/index/IndexPage').then((m) => m.ForgotPasswordIndexPage));
const EmailFindPage = lazyPage(() => import('./pages/findPwd/email-find/EmailFindPage').then((m) => m.EmailFindPage));
const PhoneFindPage = lazyPage(() => import('./pages/findPwd/phone-find/PhoneFindPage').then((m) => m.PhoneFindPage));
const KycPage = lazyPage(() => import('./pages/profile/kyc-verification/index/KycPage').then((m) => m.KycPage));
const ResetPasswordPage = lazyPage(() => import('./pages/profile/reset-password/ResetPasswordPage').then((m) => m.ResetPasswordPage));
const ProfileIndexPage = lazyPage(() => import('./pages/profile/index/IndexPage').then((m) => m.ProfileIndexPage));
const SecurityCenterIndexPage = lazyPage(() => import('./pages/profile/security-center/index/IndexPage').then((m) => m.SecurityCenterIndexPage));
const AccountSettingIndexPage = lazyPage(() => import('./pages/profile/account-setting/index/IndexPage').then((m) => m.AccountSettingIndexPage));
const ChangePasswordPage = lazyPage(() => import('./pages/profile/security-center/change-password/ChangePasswordPage').then((m) => m.ChangePasswordPage));
const PaymentPasswordPage = lazyPage(() => import('./pages/profile/security-center/payment-password/PaymentPasswordPage').then((m) => m.PaymentPasswordPage));
const ForgotFundPasswordPage = lazyPage(() => import('./pages/profile/security-center/forgot-fund-password/ForgotFundPasswordPage').then((m) => m.ForgotFundPasswordPage));
const SessionsPage = lazyPage(() => import('./pages/profile/security-center/sessions/SessionsPage').then((m) => m.SessionsPage));
const NicknamePage = lazyPage(() => import('./pages/profile/account-setting/nickname/NicknamePage').then((m) => m.NicknamePage));
const EmailPage = lazyPage(() => import('./pages/profile/account-setting/email/EmailPage').then((m) => m.EmailPage));
const WalletIndexPage = lazyPage(() => import('./pages/wallet/index/IndexPage').then((m) => m.WalletIndexPage));
const AssetsIndexPage = lazyPage(() => import('./pages/assets/index/IndexPage').then((m) => m.AssetsIndexPage));
const AssetsAccountPage = lazyPage(() => import('./pages/assets/account/AccountPage').then((m) => m.AssetsAccountPage));
const AssetsTransferPage = lazyPage(() => import('./pages/assets/transfer/TransferPage').then((m) => m.AssetsTransferPage));
const AssetsTransferRecordsPage = lazyPage(() => import('./pages/assets/transfer-records/TransferRecordsPage').then((m) => m.AssetsTransferRecordsPage));
const TransferIndexPage = lazyPage(() => import('./pages/transfer/index/IndexPage').then((m) => m.TransferIndexPage));
const TransferRecordsPage = lazyPage(() => import('./pages/transfer/records/RecordsPage').then((m) => m.TransferRecordsPage));
const ConvertIndexPage = lazyPage(() => import('./pages/convert/index/IndexPage').then((m) => m.ConvertIndexPage));
const ConvertRecordsPage = lazyPage(() => import('./pages/convert/convert-records/ConvertRecordsPage').then((m) => m.ConvertRecordsPage));
const RechargeIndexPage = lazyPage(() => import('./pages/recharge/index/IndexPage').then((m) => m.RechargeIndexPage));
const WithdrawPage = lazyPage(() => import('./pages/withdraw/withdraw/WithdrawPage').then((m) => m.WithdrawPage));
const RechargeRecordsPage = lazyPage(() => import('./pages/recharge/recharge-records/RecordsPage').then((m) => m.RechargeRecordsPage));
const WithdrawHistoryPage = lazyPage(() => import('./pages/withdraw/withdraw-history/HistoryPage').then((m) => m.WithdrawHistoryPage));
const WithdrawAddressPage = lazyPage(() => import('./pages/withdraw/withdraw-address/WithdrawAddressPage').then((m) => m.WithdrawAddressPage));
const WithdrawAddressListPage = lazyPage(() => import('./pages/withdraw/withdraw-address-list/AddressListPage').then((m) => m.WithdrawAddressListPage));
const CreateAddressPage = lazyPage(() => import('./pages/withdraw/create-address/CreateAddressPage').then((m) => m.CreateAddressPage));
const DesktopWithdrawHistoryPage = lazyPage(() => import('./pages/desktop/withdraw/components/history/HistoryPage').then((m) => m.DesktopWithdrawHistoryPage));
const LoanIndexPage = lazyPage(() => import('./pages/loan/index/IndexPage').then((m) => m.LoanIndexPage));
const NotificationIndexPage = lazyPage(() => import('./pages/notification/index/IndexPage').then((m) => m.NotificationIndexPage));
const NotificationDetailPage = lazyPage(() => import('./pages/notification/detail/DetailPage').then((m) => m.NotificationDetailPage));
const LoanApplyPage = lazyPage(() => import('./pages/loan/screens').then((m) => m.LoanApplyPage));
const LoanHistoryPage = lazyPage(() => import('./pages/loan/screens').then((m) => m.LoanHistoryPage));
const LoanListPayPage = lazyPage(() => import('./pages/loan/screens').then((m) => m.LoanListPayPage));
const LoanPaidHistoryPage = lazyPage(() => import('./pages/loan/screens').then((m) => m.LoanPaidHistoryPage));
const PrivacyPolicyPage = lazyPage(() => import('./pages/privacy-policy/privacy-policy/PrivacyPolicyPage').then((m) => m.PrivacyPolicyPage));
const DesktopLoginPage = lazyPage(() => import('./pages/desktop/login/LoginPage').then((m) => m.DesktopLoginPage));
const DesktopRegisterPage = lazyPage(() => import('./pages/desktop/register/RegisterPage').then((m) => m.DesktopRegisterPage));
const DesktopForgotPasswordPage = lazyPage(() => import('./pages/desktop/forgot-password/ForgotPasswordPage').then((m) => m.DesktopForgotPasswordPage));
const DesktopSettingsPage = lazyPage(() => import('./pages/desktop/settings/SettingsPage').then((m) => m.DesktopSettingsPage));
const DesktopAccountPage = lazyPage(() => import('./pages/desktop/settings/DesktopSettingsScreens').then((m) => m.DesktopAccountPage));
const DesktopChangePasswordPage = lazyPage(() => import('./pages/desktop/settings/DesktopSettingsScreens').then((m) => m.DesktopChangePasswordPage));
const DesktopForgotFundPasswordPage = lazyPage(() => import('./pages/desktop/settings/DesktopSettingsScreens').then((m) => m.DesktopForgotFundPasswordPage));
const DesktopSetFundPasswordPage = lazyPage(() => import('./pages/desktop/settings/DesktopSettingsScreens').then((m) => m.DesktopSetFundPasswordPage));
const DesktopKycPage = lazyPage(() => import('./pages/desktop/kyc/KycPage').then((m) => m.DesktopKycPage));
const LanguagePage = lazyPage(() => import('./pages/profile/language/LanguagePage').then((m) => m.LanguagePage));
const HelperCenterPage = lazyPage(() => import('./pages/profile/helper-center/HelperCenterPage').then((m) => m.HelperCenterPage));
const AboutUsPage = lazyPage(() => import('./pages/profile/about-us/AboutUsPage').then((m) => m.AboutUsPage));
const DesktopNotificationPage = lazyPage(() => import('./pages/desktop/notification/NotificationPage').then((m) => m.DesktopNotificationPage));
const DesktopRechargePage = lazyPage(() => import('./pages/desktop/recharge/RechargePage').then((m) => m.DesktopRechargePage));
const DesktopWithdrawPage = lazyPage(() => import('./pages/desktop/withdraw/WithdrawPage').then((m) => m.DesktopWithdrawPage));
const DesktopLoanIndexPage = lazyPage(() => import('./pages/desktop/loan/index/IndexPage').then((m) => m.DesktopLoanIndexPage));
const DesktopLoanApplyPage = lazyPage(() => import('./pages/desktop/loan/DesktopLoanPages').then((m) => m.DesktopLoanApplyPage));
const DesktopLoanListPayPage = lazyPage(() => import('./pages/desktop/loan/DesktopLoanPages').then((m) => m.DesktopLoanListPayPage));
const DesktopAssetsPage = lazyPage(() => import('./pages/desktop/assets/AssetsPage').then((m) => m.DesktopAssetsPage));

/** The screens built so far. */
const SCREENS: Array<[path: string, element: ReactElement]> = [
  [P.loginEmail, <EmailLoginPage />],
  [P.loginPhone, <PhoneLoginPage />],
  [P.register, <RegisterIndexPage />],
  [P.registerEmail, <EmailRegisterPage />],
  [P.forgotPassword, <ForgotPasswordIndexPage />],
  [P.findPwdEmail, <EmailFindPage />],
  [P.findPwdPhone, <PhoneFindPage />],
  [P.kyc, <KycPage />],
  [P.resetPassword, <ResetPasswordPage />],
  [P.profile, <ProfileIndexPage />],
  [P.securityCenter, <SecurityCenterIndexPage />],
  [P.accountSetting, <AccountSettingIndexPage />],
  [P.changePassword, <ChangePasswordPage />],
  [P.paymentPassword, <PaymentPasswordPage />],
  [P.forgotFundPassword, <ForgotFundPasswordPage />],
  [P.sessions, <SessionsPage />],
  [P.nickname, <NicknamePage />],
  [P.email, <EmailPage />],
  [P.wallet, <WalletIndexPage />],
  [P.assets, <AssetsIndexPage />],
  [P.assetsAccount, <AssetsAccountPage />],
  [P.assetsTransfer, <AssetsTransferPage />],
  [P.assetsTransferRecords, <AssetsTransferRecordsPage />],
  [P.transfer, <TransferIndexPage />],
  [P.transferRecords, <TransferRecordsPage />],
  [P.convert, <ConvertIndexPage />],
  [P.convertRecords, <ConvertRecordsPage />],
  [P.recharge, <RechargeIndexPage />],
  [P.withdraw, <WithdrawPage />],
  [P.rechargeRecords, <RechargeRecordsPage />],
  [P.rechargeList, <RechargeRecordsPage />],
  [P.withdrawHistory, <WithdrawHistoryPage />],
  [P.withdrawAddress, <WithdrawAddressPage />],
  [P.withdrawAddressList, <WithdrawAddressListPage />],
  [P.createAddress, <CreateAddressPage />],
  [P.loan, <LoanIndexPage />],
  [P.loanApply, <LoanApplyPage />],
  [P.loanHistory, <LoanHistoryPage />],
  [P.loanListPay, <LoanListPayPage />],
  [P.loanPaidHistory, <LoanPaidHistoryPage />],
  [P.notification, <NotificationIndexPage />],
  [P.notificationDetail, <NotificationDetailPage />],
  [P.privacyPolicy, <PrivacyPolicyPage />],
  [P.desktopLogin, <DesktopLoginPage method="email" />],
  [P.desktopLoginEmail, <DesktopLoginPage method="email" />],
  [P.desktopLoginPhone, <DesktopLoginPage method="phone" />],
  [P.desktopRegister, <DesktopRegisterPage method="email" />],
  [P.desktopRegisterEmail, <DesktopRegisterPage method="email" />],
  [P.desktopRegisterPhone, <DesktopRegisterPage method="phone" />],
  [P.desktopForgotPassword, <DesktopForgotPasswordPage />],
  [P.desktopSettings, <DesktopSettingsPage />],
  [P.desktopAccount, <DesktopAccountPage />],
  [P.desktopChangePassword, <DesktopChangePasswordPage />],
  [P.desktopSetFundPassword, <DesktopSetFundPasswordPage />],
  [P.desktopForgotFundPassword, <DesktopForgotFundPasswordPage />],
  [P.desktopKyc, <DesktopKycPage />],
  [P.language, <LanguagePage />],
  [P.helperCenter, <HelperCenterPage />],
  [P.aboutUs, <AboutUsPage />],
  [P.desktopLanguage, <LanguagePage />],
  [P.desktopNotification, <DesktopNotificationPage />],
  [P.desktopRecharge, <DesktopRechargePage />],
  [P.desktopWithdraw, <DesktopWithdrawPage />],
  [P.desktopWithdrawHistory, <DesktopWithdrawHistoryPage />],
  [P.desktopLoan, <DesktopLoanIndexPage />],
  [P.desktopLoanApply, <DesktopLoanApplyPage />],
  [P.desktopLoanListPay, <DesktopLoanListPayPage />],
  [P.desktopAssets, <DesktopAssetsPage />],
  [P.desktopAssetsPlatform, <DesktopAssetsPage section="platform" />],
  [P.desktopAssetsSpot, <DesktopAssetsPage section="spot" />],
  [P.desktopAssetsContract, <DesktopAssetsPage section="contract" />],
  [P.desktopAssetsWealth, <DesktopAssetsPage section="wealth" />],
  [P.desktopAssetsOption, <DesktopAssetsPage section="option" />],
  [P.desktopAssetsTransfer, <DesktopAssetsPage section="transfer" />],
  [P.desktopAssetsConvert, <DesktopAssetsPage section="convert" />],
];

/**
 * Loads the chunk of the screen at `pathname` (if any), so mounting renders it at once: the shell's loading
 * indicator covers the wait, and the first paint is the page, not a placeholder.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const page = screenAt(pathname);
  return page?.preload ? page.preload() : Promise.resolve();
}

/** Whether the chunk of the screen at `pathname` is in (a screen that is not split counts as loaded). */
export function screenLoaded(pathname: string): boolean {
  const page = screenAt(pathname);
  return page?.preload ? page.loaded === true : true;
}

function screenAt(pathname: string): Partial<LazyPage<object>> | undefined {
  const screen = SCREENS.find(([path]) => matchPath(path, pathname));
  return screen?.[1].type as Partial<LazyPage<object>> | undefined;
}

/** Bare prefixes and index-less folders open their index. */
const ALL_REDIRECTS: Array<[from: string, to: string]> = [
  ...AREAS.filter((area) => area.prefix !== area.index).map((area): [string, string] => [area.prefix, area.index]),
  ...REDIRECTS,
];

/** mf_accounts's router: only this remote's prefixes (meridian.routes.json); the shell owns the rest. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        {SCREENS.map(([path, element]) => (
          <Route key={path} path={path} element={SESSION_SCREENS.has(path) ? <RequireLogin>{element}</RequireLogin> : element} />
        ))}
        {FOLDED_STEPS.map(([from, to]) => (
          <Route key={`${from}:folded`} path={from} element={<KeepQueryRedirect to={to} />} />
        ))}
        {ALL_REDIRECTS.map(([from, to]) => (
          <Route key={`${from}:redirect`} path={from} element={<Navigate to={to} replace />} />
        ))}
        {AREAS.map((area) => (
          <Route key={`${area.prefix}:unknown`} path={`${area.prefix}/*`} element={<NotFound area={area} />} />
        ))}
        {/* outside this remote's prefixes (only during a route change): render nothing */}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
