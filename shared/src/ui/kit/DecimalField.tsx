import { Field, type FieldProps } from './Field';

export type DecimalFieldProps = Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete' | 'value' | 'onChange'> & {
  value: string;
  /** Every edit, as the text now in the field. */
  onChange: (value: string) => void;
};

/**
 * The field of an amount, price, quantity or lots: the phone's decimal keypad, and no autofill (a figure the browser
 * remembers must never stand in for one the user typed). The text reaches `onChange` as typed, nothing dropped: the
 * amount rules say what is wrong with "1,5" instead of the field silently turning it into "15".
 */
export function DecimalField({ onChange, ...props }: DecimalFieldProps) {
  return <Field {...props} inputMode="decimal" autoComplete="off" onChange={(event) => onChange(event.target.value)} />;
}
