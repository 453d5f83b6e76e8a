import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '../../validation/rules';
import { Field } from './Field';
import { KIT_NAMESPACE } from './texts';
import styles from './kit.module.css';

/** The spec's resend wait (shell-accounts-money §4 and §9). */
export const RESEND_WAIT_SECONDS = 60;

export interface CodeInputProps {
  value: string;
  /** Called with digits only, at most four. */
  onChange: (value: string) => void;
  /** Asks the server to send a code; resolving starts the wait, rejecting shows the error and allows a retry. */
  onSend: () => Promise<unknown>;
  label?: string;
  /** A validation error (translated) for the code itself. */
  error?: string | null;
  /** E.g. while the phone or e-mail the code goes to is not valid yet. */
  sendDisabled?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  /** The resend wait; the spec's 60 s unless a test or a server hint says otherwise. */
  waitSeconds?: number;
}

/**
 * A four-digit verification code with its "Send code" button. After a successful send the button counts
 * down before allowing a resend. The countdown is kept as a deadline, not a decremented counter, so a
 * throttled background tab or a slow render cannot stretch it, and one interval drives it.
 */
export function CodeInput({
  value,
  onChange,
  onSend,
  label,
  error,
  sendDisabled,
  disabled,
  id,
  name,
  waitSeconds = RESEND_WAIT_SECONDS,
}: CodeInputProps) {
  const { t } = useTranslation(KIT_NAMESPACE);
  const [sending, setSending] = useState(false);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentOnce, setSentOnce] = useState(false);
  // a synchronous guard: two quick taps arrive before the "sending" state re-renders the button disabled
  const inFlight = useRef(false);

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      if (current >= deadline) {
        setDeadline(null);
      }
      setNow(current);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  const waiting = remaining > 0;

  const send = async () => {
    if (inFlight.current || waiting) return;
    inFlight.current = true;
    setSending(true);
    setSendError(null);
    try {
      // (after an unmount React ignores these updates, so no countdown starts for a gone component)
      await onSend();
      const start = Date.now();
      setNow(start);
      setDeadline(start + waitSeconds * 1000);
      setSentOnce(true);
    } catch (failure) {
      // the API client already toasts server messages; repeating the reason here keeps it next to the button
      setSendError(failure instanceof Error && failure.message ? failure.message : t('sendFailed'));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    // keep digits only: pasted "12 34" or an SMS "Code: 1234" autofill still lands as 1234
    onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH));
  };

  const buttonText = sending ? t('sending') : waiting ? t('resendIn', { s: remaining }) : t('sendCode');

  return (
    <div className={styles.codeInput}>
      <Field
        id={id}
        name={name}
        label={label ?? t('codeLabel')}
        value={value}
        onChange={onInput}
        error={error}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        trailing={
          <button
            type="button"
            className={styles.inlineButton}
            onClick={() => void send()}
            disabled={disabled || sendDisabled || sending || waiting}
          >
            {buttonText}
          </button>
        }
      />
      {/* a failed send is about the request, not the typed code: its own alert, the input stays valid */}
      {sendError ? (
        <p className={styles.error} role="alert">
          {sendError}
        </p>
      ) : null}
      {/* announced once per send, not on every tick of the countdown */}
      <p className={styles.visuallyHidden} role="status">
        {sentOnce && waiting ? t('codeSent') : ''}
      </p>
    </div>
  );
}
