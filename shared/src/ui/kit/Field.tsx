import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './kit.module.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  /** The error text, already translated (see useValidationText); present means the value is invalid. */
  error?: string | null;
  /** A standing hint under the input (format, limits). */
  hint?: string;
  /** Something beside the input inside the field: a show-password toggle, a send-code button. */
  trailing?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input with inline error text. The error and hint are tied to the input with
 * aria-describedby, and aria-invalid marks it, so a screen reader reads the problem when the field gets focus
 * (forms move the focus to the first invalid field on submit).
 */
export function Field({ label, error, hint, trailing, className, id, ref, ...inputProps }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [inputProps['aria-describedby'], hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.control, error ? styles.controlInvalid : ''].filter(Boolean).join(' ')}>
        <input
          type="text"
          {...inputProps}
          ref={ref}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
