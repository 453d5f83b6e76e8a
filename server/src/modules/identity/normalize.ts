import { IDENTITY_FAIL, refuse } from '../../http/refuse.js';

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** Lower-cased, trimmed; refused when it does not look like an address. */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw refuse('invalidEmail', {}, IDENTITY_FAIL);
  return email;
}

/**
 * A phone as stored and as the SMS recipient: "+<dialling code><national number>", digits only, the national
 * number without its trunk "0". Spaces, dashes, dots and brackets in the input are ignored.
 */
export function normalizePhone(phone: string, countryCode: string): string {
  const code = countryCode.trim().replace(/^\+/, '');
  let national = phone.trim().replace(/[\s\-.()]/g, '');
  if (national.startsWith('+')) {
    if (!national.startsWith(`+${code}`)) throw refuse('invalidPhone', {}, IDENTITY_FAIL);
    national = national.slice(code.length + 1);
  }
  national = national.replace(/^0+/, '');
  if (!/^[0-9]{1,4}$/.test(code) || !/^[0-9]{4,14}$/.test(national) || code.length + national.length > 15) {
    throw refuse('invalidPhone', {}, IDENTITY_FAIL);
  }
  return `+${code}${national}`;
}

export function checkNewPassword(password: string, confirm?: string): void {
  if (password.length < 6) throw refuse('passwordShort', {}, IDENTITY_FAIL);
  if (confirm !== undefined && confirm !== password) throw refuse('passwordsInconsistent', {}, IDENTITY_FAIL);
}
