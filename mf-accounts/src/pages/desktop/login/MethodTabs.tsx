import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n';
import type { Method } from '../../login/components/LoginForm';
import styles from '../../login/components/auth.module.css';

const METHODS: Method[] = ['email', 'phone'];

/**
 * E-mail / phone tabs of the desktop login and sign-up cards. Each tab has its own address (login-email,
 * login-phone, …), so a tab can be linked and Back returns to it; arrow keys move between the tabs.
 */
export function MethodTabs({ method, routes, label, children }: { method: Method; routes: Record<Method, string>; label: string; children: ReactNode }) {
  const { t } = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const baseId = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const open = (next: Method) => {
    if (next !== method) void navigate(`${routes[next]}${search}`, { replace: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : METHODS.length - 1)) % METHODS.length;
    tabs.current[next]?.focus();
    open(METHODS[next]!);
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
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
            onClick={() => open(item)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(item === 'email' ? 'tabEmail' : 'tabPhone')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${method}`}>
        {children}
      </div>
    </>
  );
}
