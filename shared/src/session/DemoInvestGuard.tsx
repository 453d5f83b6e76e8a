import { useCallback } from 'react';
import { atom, useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { PlatformStore } from '../store';
import { Dialog } from '../ui/Dialog';
import { Button } from '../ui/components';
import { typeUserAtom, userConfirmInvestDemoAtom } from './atoms';

interface PendingConfirmation {
  resolve: (confirmed: boolean) => void;
}

const pendingConfirmationAtom = atom<PendingConfirmation | null>(null);

/**
 * Resolves true when an investment may go ahead. A real account always may; in demo mode the user is told it
 * is a trial version with virtual funds and must confirm once (spec: userConfirmInvestDemo), so demo is
 * never mistaken for real money.
 */
export function confirmDemoInvest(store: PlatformStore): Promise<boolean> {
  if (store.get(typeUserAtom) !== 'demo' || store.get(userConfirmInvestDemoAtom)) return Promise.resolve(true);
  store.get(pendingConfirmationAtom)?.resolve(false);
  return new Promise((resolve) => store.set(pendingConfirmationAtom, { resolve }));
}

export function useConfirmDemoInvest(): () => Promise<boolean> {
  const store = useStore();
  return useCallback(() => confirmDemoInvest(store), [store]);
}

/** Shows the pending demo confirmation; the shell renders one of these in its chrome. */
export function DemoInvestConfirmation() {
  const store = useStore();
  const pending = useAtomValue(pendingConfirmationAtom);
  const { t } = useTranslation('common');
  if (!pending) return null;
  const answer = (confirmed: boolean) => {
    if (confirmed) store.set(userConfirmInvestDemoAtom, true);
    store.set(pendingConfirmationAtom, null);
    pending.resolve(confirmed);
  };
  return (
    <Dialog
      title={t('demoConfirmTitle')}
      testId="demo-confirm"
      onDismiss={() => answer(false)}
      actions={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {t('cancel')}
          </Button>
          <Button data-primary="" onClick={() => answer(true)}>
            {t('demoConfirmContinue')}
          </Button>
        </>
      }
    >
      <p>{t('demoConfirmText')}</p>
    </Dialog>
  );
}
