import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { NotFound } from './components/NotFound';
import { AREAS, FOLDED_STEPS, P, REDIRECTS } from './paths';
import { KeepQueryRedirect } from './pages/login/components/KeepQueryRedirect';
import { EmailLoginPage } from './pages/login/email-login/EmailLoginPage';
import { PhoneLoginPage } from './pages/login/login/PhoneLoginPage';
import { RegisterIndexPage } from './pages/register/index/IndexPage';
import { EmailRegisterPage } from './pages/register/email/EmailRegisterPage';
import { ForgotPasswordIndexPage } from './pages/forgot-password/index/IndexPage';
import { EmailFindPage } from './pages/findPwd/email-find/EmailFindPage';
import { PhoneFindPage } from './pages/findPwd/phone-find/PhoneFindPage';
import { KycPage } from './pages/profile/kyc-verification/index/KycPage';
import { ResetPasswordPage } from './pages/profile/reset-password/ResetPasswordPage';
import { ProfileIndexPage } from './pages/profile/index/IndexPage';
import { SecurityCenterIndexPage } from './pages/profile/security-center/index/IndexPage';
import { AccountSettingIndexPage } from './pages/profile/account-setting/index/IndexPage';
import { ChangePasswordPage } from './pages/profile/security-center/change-password/ChangePasswordPage';
import { PaymentPasswordPage } from './pages/profile/security-center/payment-password/PaymentPasswordPage';
import { ForgotFundPasswordPage } from './pages/profile/security-center/forgot-fund-password/ForgotFundPasswordPage';
import { SessionsPage } from './pages/profile/security-center/sessions/SessionsPage';
import { NicknamePage } from './pages/profile/account-setting/nickname/NicknamePage';
import { EmailPage } from './pages/profile/account-setting/email/EmailPage';
import { WalletIndexPage } from './pages/wallet/index/IndexPage';
import { AssetsIndexPage } from './pages/assets/index/IndexPage';
import { AssetsAccountPage } from './pages/assets/account/AccountPage';
import { AssetsTransferPage } from './pages/assets/transfer/TransferPage';
import { AssetsTransferRecordsPage } from './pages/assets/transfer-records/TransferRecordsPage';
import { TransferIndexPage } from './pages/transfer/index/IndexPage';
import { TransferRecordsPage } from './pages/transfer/records/RecordsPage';
import { ConvertIndexPage } from './pages/convert/index/IndexPage';
import { ConvertRecordsPage } from './pages/convert/convert-records/ConvertRecordsPage';
import { RechargeIndexPage } from './pages/recharge/index/IndexPage';
import { WithdrawPage } from './pages/withdraw/withdraw/WithdrawPage';
import { RechargeRecordsPage } from './pages/recharge/recharge-records/RecordsPage';
import { WithdrawHistoryPage } from './pages/withdraw/withdraw-history/HistoryPage';
import { WithdrawAddressPage } from './pages/withdraw/withdraw-address/WithdrawAddressPage';
import { WithdrawAddressListPage } from './pages/withdraw/withdraw-address-list/AddressListPage';
import { CreateAddressPage } from './pages/withdraw/create-address/CreateAddressPage';
import { DesktopWithdrawHistoryPage } from './pages/desktop/withdraw/components/history/HistoryPage';
import { LoanIndexPage } from './pages/loan/index/IndexPage';
import { NotificationIndexPage } from './pages/notification/index/IndexPage';
import { NotificationDetailPage } from './pages/notification/detail/DetailPage';
import { LoanApplyPage, LoanHistoryPage, LoanListPayPage, LoanPaidHistoryPage } from './pages/loan/screens';
import { PrivacyPolicyPage } from './pages/privacy-policy/privacy-policy/PrivacyPolicyPage';
import { DesktopLoginPage } from './pages/desktop/login/LoginPage';
import { DesktopRegisterPage } from './pages/desktop/register/RegisterPage';
import { DesktopForgotPasswordPage } from './pages/desktop/forgot-password/ForgotPasswordPage';
import { DesktopSettingsPage } from './pages/desktop/settings/SettingsPage';
import {
  DesktopAccountPage,
  DesktopChangePasswordPage,
  DesktopForgotFundPasswordPage,
  DesktopSetFundPasswordPage,
} from './pages/desktop/settings/DesktopSettingsScreens';
import { DesktopKycPage } from './pages/desktop/kyc/KycPage';
import { LanguagePage } from './pages/profile/language/LanguagePage';
import { HelperCenterPage } from './pages/profile/helper-center/HelperCenterPage';
import { AboutUsPage } from './pages/profile/about-us/AboutUsPage';
import { DesktopNotificationPage } from './pages/desktop/notification/NotificationPage';
import { DesktopRechargePage } from './pages/desktop/recharge/RechargePage';
import { DesktopWithdrawPage } from './pages/desktop/withdraw/WithdrawPage';
import { DesktopLoanIndexPage } from './pages/desktop/loan/index/IndexPage';
import { DesktopLoanApplyPage, DesktopLoanListPayPage } from './pages/desktop/loan/DesktopLoanPages';
import { DesktopAssetsPage } from './pages/desktop/assets/AssetsPage';

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
          <Route key={path} path={path} element={element} />
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
