import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'jotai';
import axios from 'axios';
import { ApiError, returnAfterLogin, setSession, showToast, type UserInfo } from '@meridian/shared';
import type { AuthResult } from '../../../api/identity';
import { useT } from '../../../i18n';

/**
 * Sends a login or a registration: one request at a time, and on success the session is stored and the user
 * goes back where a protected page sent them (the redirect parameter), else to `fallback`. A refusal was
 * already toasted by the shell's request conventions: nothing is shown twice, and the form keeps its values.
 */
export function useAuthSubmit(fallback: string) {
  const store = useStore();
  const { t } = useT();
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);

  const run = async (call: () => Promise<AuthResult>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const result = await call();
      setSession(store, { token: result.token, userInfo: result.userInfo as unknown as UserInfo });
      returnAfterLogin({ fallback });
    } catch (failure) {
      if (failure instanceof ApiError) {
        // the conventions toast a refusal (notified); without them (standalone preview) say it here, once
        if (!failure.notified && failure.message) showToast(store, failure.message, 'error');
      } else if (!(axios.isAxiosError(failure) && failure.code === 'ERR_NETWORK')) {
        showToast(store, t('requestFailed'), 'error');
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };
  return { sending, run };
}

/** After a refused submit, moves the focus to the first invalid field so its error is read out. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>) {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, form]);
  return () => setAttempt((n) => n + 1);
}
