import { useCallback, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import axios from 'axios';
import type { Call, DataOf, InputOf } from '@meridian/contracts';
import { call, type CallOptions } from '../http/call';
import { ApiError } from '../http/client';
import { showToast } from '../ui/toast/toast';
import { newRequestId } from '../http/request-id';
import { invalidateGroups } from './invalidate';

/**
 * Tells the user once why a write failed: a refusal the request conventions already toasted says nothing more;
 * an unseen refusal shows its message (in the user's language, from the server); a lost answer was toasted by
 * the conventions ("no network") unless the request was silent, which is said here; anything else is the
 * generic "Something went wrong".
 */
export function useReportFailure(): (failure: unknown) => void {
  const store = useStore();
  const { t } = useTranslation('common');
  return useCallback(
    (failure: unknown) => {
      if (failure instanceof ApiError) {
        if (!failure.notified && failure.message) showToast(store, failure.message, 'error');
      } else if (!(axios.isAxiosError(failure) && failure.code === 'ERR_NETWORK' && failure.config?.silent !== true)) {
        showToast(store, t('requestFailed'), 'error');
      }
    },
    [store, t],
  );
}

/** Answers true when it handled the failure itself (nothing more is said), false to let it be reported. */
export type FailureHandler = (failure: unknown) => boolean;

export interface ApiAction {
  /** A write is on its way. */
  busy: boolean;
  /**
   * Runs `action` unless one is already on its way (a second tap does nothing and resolves undefined). Resolves
   * with `{ value }`, or undefined when it failed (after `onFailure`, or the report, told the user).
   */
  run: <R>(action: () => Promise<R>, onFailure?: FailureHandler) => Promise<{ value: R } | undefined>;
}

/**
 * One user action at a time, for what is not a single call (an upload then a call, a sequence): the way every
 * screen runs a write, so a double tap never sends twice and a failure is told exactly once.
 */
export function useApiAction(): ApiAction {
  const report = useReportFailure();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async <R>(action: () => Promise<R>, onFailure?: FailureHandler): Promise<{ value: R } | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setBusy(true);
      try {
        return { value: await action() };
      } catch (failure) {
        if (!onFailure?.(failure)) report(failure);
        return undefined;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [report],
  );
  return { busy, run };
}

export interface ApiMutationOptions {
  /**
   * The invalidation groups a success makes stale (names of push.invalidations entries, e.g. 'TRANSFER'): the
   * queries the live push of the same name refreshes, declared once in the remote's manifest.
   */
  invalidates?: readonly string[];
  /** Sent as the call's options (silent: no toast from the conventions; the screen says it). */
  call?: CallOptions;
}

export interface ApiMutation<C extends Call> {
  busy: boolean;
  /** Sends the call with `input` (one at a time); on success the named groups are invalidated. */
  run: (input: InputOf<C>, onFailure?: FailureHandler) => Promise<{ value: DataOf<C> } | undefined>;
}

/**
 * One money or account call as a TanStack mutation: the contract says what is sent, `invalidates` the named
 * groups a success makes stale (the manifest's push.invalidations, which the live pushes use), and failures are told
 * as `useApiAction` tells them.
 */
export function useApiMutation<C extends Call>(contract: C, options: ApiMutationOptions = {}): ApiMutation<C> {
  const client = useQueryClient();
  const { invalidates = [], call: callOptions } = options;
  const { mutateAsync } = useMutation({
    mutationFn: (input: InputOf<C>) => (call as (c: Call, i: unknown, o?: CallOptions) => Promise<DataOf<C>>)(contract, input, callOptions),
    // not awaited: the answer is shown at once and the screens refetch behind it
    onSuccess: () => void invalidateGroups(client, invalidates),
  });
  const action = useApiAction();
  const { run: runAction } = action;
  const run = useCallback((input: InputOf<C>, onFailure?: FailureHandler) => runAction(() => mutateAsync(input), onFailure), [runAction, mutateAsync]);
  return { busy: action.busy, run };
}

/**
 * The request id of the user's current attempt at one action (`key` names what is being sent): the same id
 * while they confirm it again after a lost answer, so the server moves it at most once; a new one once it was
 * answered (`done`) or when what is sent changed.
 */
export function useAttemptId(): { idFor: (key: string) => string; done: () => void } {
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  const idFor = useCallback((key: string) => {
    if (attempt.current?.key !== key) attempt.current = { key, requestId: newRequestId() };
    return attempt.current.requestId;
  }, []);
  const done = useCallback(() => {
    attempt.current = null;
  }, []);
  return { idFor, done };
}
