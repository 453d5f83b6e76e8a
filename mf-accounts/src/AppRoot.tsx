import type { ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AreaPending } from './components/AreaPending';
import { NotFound } from './components/NotFound';
import { AREAS, FOLDED_STEPS, P, PENDING, REDIRECTS } from './paths';
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
import { TransferIndexPage } from './pages/transfer/index/IndexPage';
import { ConvertIndexPage } from './pages/convert/index/IndexPage';
import { RechargeIndexPage } from './pages/recharge/index/IndexPage';
import { WithdrawPage } from './pages/withdraw/withdraw/WithdrawPage';
import { LoanIndexPage } from './pages/loan/index/IndexPage';
import { NotificationIndexPage } from './pages/notification/index/IndexPage';
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
import { DesktopNotificationPage } from './pages/desktop/notification/NotificationPage';
import { DesktopRechargePage } from './pages/desktop/recharge/RechargePage';
import { DesktopWithdrawPage } from './pages/desktop/withdraw/WithdrawPage';
import { DesktopLoanIndexPage } from './pages/desktop/loan/index/IndexPage';
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
  [P.transfer, <TransferIndexPage />],
  [P.convert, <ConvertIndexPage />],
  [P.recharge, <RechargeIndexPage />],
  [P.withdraw, <WithdrawPage />],
  [P.loan, <LoanIndexPage />],
  [P.notification, <NotificationIndexPage />],
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
  [P.desktopLanguage, <LanguagePage />],
  [P.desktopNotification, <DesktopNotificationPage />],
  [P.desktopRecharge, <DesktopRechargePage />],
  [P.desktopWithdraw, <DesktopWithdrawPage />],
  [P.desktopLoan, <DesktopLoanIndexPage />],
  [P.desktopAssets, <DesktopAssetsPage />],
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
        {PENDING.map((route) => (
          <Route key={route.path} path={route.path} element={<AreaPending route={route} />} />
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
