import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  /** The buttons; the one marked data-primary gets the focus when the dialog opens. */
  actions: ReactNode;
  /** Escape calls it; without it the dialog cannot be dismissed (a forced choice). */
  onDismiss?: () => void;
  testId?: string;
}

/** A modal dialog that keeps the focus inside until it closes. */
export function Dialog({ title, children, actions, onDismiss, testId }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    (dialog?.querySelector<HTMLElement>('[data-primary]') ?? dialog?.querySelector<HTMLElement>('button'))?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input, select, textarea') ?? []);
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <div id={bodyId}>{children}</div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>
  );
}
