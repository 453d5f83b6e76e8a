import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStore } from 'jotai';
import { Button, Card, Dialog, Page, REDIRECT_PARAM, ThemeSwitch, logout, showToast, switchMode, useIsLoggedIn, useTypeUser, type TypeUser, useApiAction } from '@meridian/shared';
import { accountSwitch, logoutCall } from '../../../api/account';
import type { IdentityUserInfo } from '../../../api/identity';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { useLanguageName } from '../../../components/LanguagePicker';
import { MenuControlRow, MenuGroup } from '../../../components/MenuList';
import { KYC_STATUS_TEXT, maskEmail, maskPhone, useCachedUserInfo, useUserInfo } from '../components/account';
import { AvatarEditor } from '../components/AvatarEditor';
import styles from '../components/profile.module.css';

/**
 * /pages/profile/index: the user's header (user/info, with the avatar and a way to change it), the real/demo switch and log out when logged in, a
 * sign-in prompt for a visitor; then the profile menu, grouped as phone apps do (account, general, help).
 */
export function ProfileIndexPage() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  return (
    <Page title={t('profileTitle')} subtitle={t('profileDescription')}>
      {loggedIn ? <Account /> : <SignInPrompt />}
      <ProfileMenu />
      {loggedIn ? <LogoutButton /> : null}
    </Page>
  );
}

/** The profile's screens as a settings list, each row showing where it stands (KYC status, current language). */
function ProfileMenu() {
  const { t } = useT();
  const info = useCachedUserInfo();
  const languageName = useLanguageName();
  const kycStatus = info ? t(KYC_STATUS_TEXT[info.kycStatus] ?? 'kycUnverified') : undefined;
  return (
    <>
      <MenuGroup
        title="menuGroupAccount"
        items={[
          { href: P.kyc, title: 'kycTitle', icon: 'idCard', value: kycStatus, testId: 'profile-menu-kyc' },
          { href: P.securityCenter, title: 'securityCenterTitle', icon: 'shield', testId: 'profile-menu-security' },
          { href: P.accountSetting, title: 'accountSettingTitle', icon: 'user', testId: 'profile-menu-account' },
        ]}
      />
      <MenuGroup
        title="menuGroupGeneral"
        items={[
          { href: P.notification, title: 'notificationTitle', icon: 'bell' },
          { href: P.language, title: 'languageTitle', icon: 'globe', value: languageName },
        ]}
      >
        <MenuControlRow icon="moon">
          <ThemeSwitch />
        </MenuControlRow>
      </MenuGroup>
      <MenuGroup
        title="menuGroupHelp"
        items={[
          { href: P.helperCenter, title: 'helperCenterTitle', icon: 'help' },
          { href: P.aboutUs, title: 'aboutUsTitle', icon: 'info' },
          { href: P.privacyPolicy, title: 'privacyPolicyTitle', icon: 'document' },
        ]}
      />
    </>
  );
}

function SignInPrompt() {
  const { t } = useT();
  const back = `?${REDIRECT_PARAM}=${encodeURIComponent(P.profile)}`;
  return (
    <Card className={styles.header}>
      <p className={styles.nickname}>{t('profileLoggedOutTitle')}</p>
      <p className={styles.hint}>{t('profileLoggedOutHint')}</p>
      <div className={styles.row}>
        <Link className={styles.link} to={`${P.loginEmail}${back}`}>
          {t('loginButton')}
        </Link>
        <Link className={styles.link} to={P.register}>
          {t('registerButton')}
        </Link>
      </div>
    </Card>
  );
}

function Account() {
  const { info } = useUserInfo();
  return (
    <>
      {info ? <ProfileHeader info={info} /> : null}
      <ModeSwitch />
    </>
  );
}

function ProfileHeader({ info }: { info: IdentityUserInfo }) {
  const { t } = useT();
  const store = useStore();
  const verified = info.kycStatus === 'verified';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(info.invitationCode);
      showToast(store, t('copied'), 'success');
    } catch {
      showToast(store, t('copyFailed'), 'error');
    }
  };
  return (
    <Card className={styles.header}>
      <AvatarEditor info={info}>
        <p className={styles.nickname} data-testid="profile-nickname">
          {info.nickname || info.uid}
        </p>
      </AvatarEditor>
      <dl className={styles.facts}>
        <dt>{t('uidLabel')}</dt>
        <dd>{info.uid}</dd>
        {info.email ? (
          <>
            <dt>{t('emailLabel')}</dt>
            <dd>{maskEmail(info.email)}</dd>
          </>
        ) : null}
        {info.phone ? (
          <>
            <dt>{t('phoneLabel')}</dt>
            <dd>{maskPhone(info.phone)}</dd>
          </>
        ) : null}
        <dt>{t('kycStatusLabel')}</dt>
        <dd>
          <Link to={P.kyc} className={`${styles.badge} ${verified ? styles.badgeOk : ''}`}>
            {t(KYC_STATUS_TEXT[info.kycStatus] ?? 'kycUnverified')}
          </Link>
        </dd>
        {info.invitationCode ? (
          <>
            <dt>{t('invitationCodeLabel')}</dt>
            <dd>
              <span>{info.invitationCode}</span>
              <Button variant="secondary" className={styles.smallButton} onClick={() => void copy()} aria-label={t('copyInvitationLabel')}>
                {t('copyButton')}
              </Button>
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

/** Real or demo: the demo is a trial with virtual funds, said plainly before switching; both call the server. */
function ModeSwitch() {
  const { t } = useT();
  const store = useStore();
  const mode = useTypeUser();
  const { busy, run } = useApiAction();
  const [asking, setAsking] = useState(false);

  const change = async (next: TypeUser) => {
    setAsking(false);
    const result = await run(() => accountSwitch(next));
    if (!result) return;
    switchMode(store, result.value?.userType ?? next);
    showToast(store, t(next === 'demo' ? 'modeSwitchedDemo' : 'modeSwitchedReal'), 'success');
  };

  const choose = (next: TypeUser) => {
    if (busy || next === mode) return;
    if (next === 'demo') setAsking(true);
    else void change('real');
  };

  return (
    <section className={styles.section} aria-labelledby="account-mode">
      <h2 id="account-mode" className={styles.sectionTitle}>
        {t('accountModeLabel')}
      </h2>
      <div className={styles.segments} role="group" aria-labelledby="account-mode">
        {(['real', 'demo'] as const).map((option) => (
          <Button
            key={option}
            variant={mode === option ? 'primary' : 'secondary'}
            className={styles.segment}
            aria-pressed={mode === option}
            disabled={busy}
            onClick={() => choose(option)}
          >
            {t(option === 'real' ? 'modeReal' : 'modeDemo')}
          </Button>
        ))}
      </div>
      {asking ? (
        <Dialog
          title={t('demoDialogTitle')}
          onDismiss={() => setAsking(false)}
          testId="demo-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t('cancelButton')}
              </Button>
              <Button data-primary onClick={() => void change('demo')}>
                {t('demoDialogConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('demoDialogBody')}</p>
        </Dialog>
      ) : null}
    </section>
  );
}

function LogoutButton() {
  const { t } = useT();
  const store = useStore();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await logoutCall();
    } catch {
      // the server may be unreachable: the local session ends all the same
    }
    // leave first: the login page does not depend on the session, this screen does
    navigate(P.loginEmail);
    logout(store);
  };
  return (
    <Button variant="secondary" className={styles.submit} onClick={() => void leave()} disabled={busy} aria-busy={busy || undefined}>
      {t('logoutButton')}
    </Button>
  );
}
