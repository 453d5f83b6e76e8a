import { useCallback, useReducer } from 'react';
import type { Form, FormEdit, FormErrors, FormState } from './create-form';

/** A form's rules and summary against what the screen knows now. */
export interface FormCheck<V, S, E> {
  /** The errors to show now (a field's once edited, all once the user tried to send). */
  errors: FormErrors<V, E>;
  /** Every error, shown or not: what a send is refused for. */
  allErrors: FormErrors<V, E>;
  valid: boolean;
  summary: S;
}

export interface UseForm<V, C, S, E> {
  values: V;
  state: FormState<V>;
  /** Sets one field (and what it implies, see FormDef.onEdit); the field's errors show from now on. */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  patch: (values: Partial<V>) => void;
  /** Marks the attempt to send: every error shows from now on. */
  submit: () => void;
  reset: (values?: V | ((current: V) => V)) => void;
  /**
   * The rules and the summary against `context`, which may come from reads keyed by the values themselves (what
   * the chosen wallet holds), so it is given after the values are known.
   */
  check: (context: C) => FormCheck<V, S, E>;
}

/** A createForm unit on a screen: its state in a reducer (seeded with `initial`, a preselection). */
export function useForm<V extends object, C, S, E>(form: Form<V, C, S, E>, initial?: Partial<V>): UseForm<V, C, S, E> {
  const [state, dispatch] = useReducer((s: FormState<V>, edit: FormEdit<V>) => form.reduce(s, edit), initial, (seed) => form.start(seed));
  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => dispatch({ type: 'set', field, value }), []);
  const patch = useCallback((values: Partial<V>) => dispatch({ type: 'patch', values }), []);
  const reset = useCallback((values?: V | ((current: V) => V)) => dispatch({ type: 'reset', values }), []);
  const submit = useCallback(() => dispatch({ type: 'submit' }), []);
  const check = (context: C): FormCheck<V, S, E> => {
    const allErrors = form.errors(state.values, context);
    return { errors: form.shown(state, context), allErrors, valid: Object.keys(allErrors).length === 0, summary: form.summary(state.values, context) };
  };
  return { values: state.values, state, set, patch, submit, reset, check };
}
