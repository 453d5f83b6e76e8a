export { createForm, type Form, type FormDef, type FormEdit, type FormErrors, type FormState } from './create-form';
export { useForm, type UseForm, type FormCheck } from './use-form';
export { useSettled } from './settled';
