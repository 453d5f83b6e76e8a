export { AMOUNT_MAX, parseAmount, normalizeAmount } from './amount';
export {
  required,
  password,
  matches,
  phone,
  email,
  code,
  invitationCode,
  address,
  amount,
  minimumAmount,
  withinBalance,
  differsFrom,
  validate,
  PASSWORD_MIN_LENGTH,
  CODE_LENGTH,
  MIN_AMOUNT,
  type Rule,
  type Schema,
  type AmountOptions,
} from './rules';
export { validationMessage, VALIDATION_NAMESPACE, type ValidationKey } from './messages';
