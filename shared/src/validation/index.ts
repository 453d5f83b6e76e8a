export {
  required,
  password,
  matches,
  phone,
  email,
  code,
  invitationCode,
  address,
  differsFrom,
  validate,
  PASSWORD_MIN_LENGTH,
  CODE_LENGTH,
  type Rule,
  type Schema,
} from './rules';
export { validationMessage, VALIDATION_NAMESPACE, type ValidationKey } from './messages';
