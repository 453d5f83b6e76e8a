import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Page } from '@meridian/shared';
import { P } from '../../../paths';
import { useT } from '../../../i18n';
import { FormLinks, type Method } from '../../login/components/LoginForm';
import { RecoverPasswordForm } from '../../findPwd/components/RecoverPasswordForm';
import styles from '../../login/components/auth.module.css';

const METHODS: Method[] = ['email', 'phone'];

/** /pages/desktop/forgot-password: the e-mail and phone recovery forms as tabs (arrow keys move between them). */
export function DesktopForgotPasswordPage() {
  const { t } = useT();
  const baseId = useId();
  const [method, setMethod] = useState<Method>('email');
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + 1) % METHODS.length;
    tabs.current[next]?.focus();
    setMethod(METHODS[next]!);
  };

  return (
    <Page title={t('forgotPasswordTitle')} subtitle={t('forgotPasswordDescription')}>
      <div className={styles.desktop}>
        <div className={styles.desktopCard}>
          <div role="tablist" aria-label={t('methodTabsLabel')} className={styles.tabs}>
            {METHODS.map((item, index) => (
              <button
                key={item}
                ref={(node) => {
                  tabs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`${baseId}-${item}`}
                aria-selected={item === method}
                aria-controls={`${baseId}-panel`}
                tabIndex={item === method ? 0 : -1}
                className={styles.tab}
                onClick={() => setMethod(item)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {t(item === 'email' ? 'tabEmail' : 'tabPhone')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${method}`}>
            <RecoverPasswordForm key={method} method={method} loginHref={method === 'email' ? P.desktopLoginEmail : P.desktopLoginPhone} />
          </div>
          <FormLinks
            links={[
              { href: P.desktopLogin, text: 'backToLoginLink' },
              { href: P.desktopRegister, text: 'noAccountLink' },
            ]}
          />
        </div>
      </div>
    </Page>
  );
}
