/**
 * A form as a pure unit: its values, what an edit does to them (a reducer), the summary the user confirms (a
 * receipt: a pure function of the values and what the screen knows), and the errors its rules find. None of it
 * needs React, so a form's rules are tested as functions; `useForm` runs it on a screen.
 */

/** Which fields the user has edited, and whether they tried to send: what decides which errors show. */
export interface FormState<V> {
  values: V;
  touched: Partial<Record<keyof V, true>>;
  submitted: boolean;
}

export type FormEdit<V> =
  /** The user changed one field. */
  | { type: 'set'; field: keyof V; value: V[keyof V] }
  /** Several fields at once (a swap), touching none. */
  | { type: 'patch'; values: Partial<V> }
  /** They tried to send: every error shows from now on. */
  | { type: 'submit' }
  /**
   * Back to a fresh form (after a success), with these values or the initial ones; a function keeps what it
   * wants of the current values (an order form keeps its side and type, clearing the size).
   */
  | { type: 'reset'; values?: V | ((current: V) => V) };

/** The errors of a form, by field (`form` for one not tied to a field); a missing field has none. */
export type FormErrors<V, E> = Partial<Record<keyof V | 'form', E>>;

export interface FormDef<V, C, S, E> {
  /** A fresh form's values. */
  initial: V;
  /** What changing `field` does to the others (a new coin clears its chain): pure; the field is already set. */
  onEdit?: (values: V, field: keyof V, previous: V) => V;
  /** Fields whose errors show before they are edited (two pickers that must differ: either one makes it wrong). */
  showAtOnce?: ReadonlyArray<keyof V>;
  /** The form's rules (the spec's), as a pure function of its values and what the screen knows (`context`). */
  rules: (values: V, context: C) => FormErrors<V, E | null | undefined>;
  /** What the user confirms, from the values and the context: pure, so a receipt cannot disagree with the form. */
  summary: (values: V, context: C) => S;
}

export interface Form<V, C, S, E> {
  readonly def: FormDef<V, C, S, E>;
  /** A fresh state (`values` replacing the initial ones, for a form opened with a preselection). */
  start: (values?: Partial<V>) => FormState<V>;
  reduce: (state: FormState<V>, edit: FormEdit<V>) => FormState<V>;
  /** Every error the rules find, shown or not. */
  errors: (values: V, context: C) => FormErrors<V, E>;
  /** The errors to show now: a field's once it was edited (or at once, see showAtOnce), all of them once the user tried to send. */
  shown: (state: FormState<V>, context: C) => FormErrors<V, E>;
  summary: (values: V, context: C) => S;
  valid: (values: V, context: C) => boolean;
}

export function createForm<V extends object, C = void, S = V, E = string>(def: FormDef<V, C, S, E>): Form<V, C, S, E> {
  const errors = (values: V, context: C): FormErrors<V, E> => {
    const found: FormErrors<V, E> = {};
    for (const [field, error] of Object.entries(def.rules(values, context)) as Array<[keyof V | 'form', E | null | undefined]>) {
      if (error !== null && error !== undefined) found[field] = error;
    }
    return found;
  };
  const reduce = (state: FormState<V>, edit: FormEdit<V>): FormState<V> => {
    switch (edit.type) {
      case 'set': {
        const set = { ...state.values, [edit.field]: edit.value } as V;
        return { ...state, values: def.onEdit ? def.onEdit(set, edit.field, state.values) : set, touched: { ...state.touched, [edit.field]: true } };
      }
      case 'patch':
        return { ...state, values: { ...state.values, ...edit.values } };
      case 'submit':
        return { ...state, submitted: true };
      case 'reset':
        return { values: typeof edit.values === 'function' ? edit.values(state.values) : (edit.values ?? def.initial), touched: {}, submitted: false };
    }
  };
  return {
    def,
    start: (values) => ({ values: { ...def.initial, ...values }, touched: {}, submitted: false }),
    reduce,
    errors,
    shown: (state, context) => {
      const all = errors(state.values, context);
      if (state.submitted) return all;
      const showing = (field: string) => field !== 'form' && (state.touched[field as keyof V] || def.showAtOnce?.includes(field as keyof V));
      return Object.fromEntries(Object.entries(all).filter(([field]) => showing(field))) as FormErrors<V, E>;
    },
    summary: def.summary,
    valid: (values, context) => Object.keys(errors(values, context)).length === 0,
  };
}
