// The server calls an e2e test makes as a user or an operator would, against a running platform (`useHarness`'s
// `h`): the envelope unwrapped, a new user signed up with the code from the dev outbox, a KYC-verified user (and a
// trader with USDT credited by the operator), a transfer from the simulated chain, and a page that starts logged
// in. One copy for every test file.
import assert from 'node:assert/strict';
import { gradientPng, runOps, screenshot } from './harness.mjs';

export const PASSWORD = 'e2e-pass-42';

/** One API call; the reply's `data`, or an Error carrying the refusal's `msg` (and `code`). */
export async function api(h, path, { body, token, method = 'POST', query, mode, lang } = {}) {
  const url = `${h.baseUrl}${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { token } : {}),
      ...(mode ? { userType: mode } : {}),
      ...(lang ? { lang } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const envelope = await res.json();
  if (envelope.code !== 0 && envelope.code !== 200) {
    throw Object.assign(new Error(`${path}: ${envelope.msg}`), { code: envelope.code, reason: envelope.reason });
  }
  return envelope.data;
}

/** The sign-up code the dev outbox holds for `email`, polled for a few seconds (the mail is written after the answer). */
async function outboxCode(h, email) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const outbox = await (await fetch(`${h.baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    const code = outbox.data?.[0]?.body?.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${email}`);
}

/** A new user signed up with the code the dev outbox holds: `{ token, userInfo }`. */
export async function signUp(h, email, password = PASSWORD) {
  await api(h, '/asset/api/user/sendOtp', { body: { email, type: 'register' } });
  const code = await outboxCode(h, email);
  return api(h, '/asset/api/user/register', {
    body: { email, code, password, confirmPassword: password, invitationCode: 'MERIDIAN' },
  });
}

/** Uploads an image as the user; the stored file's address. */
export async function upload(h, token, png, name) {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), name);
  const res = await fetch(`${h.baseUrl}/asset/admin/common/oss/upload`, { method: 'POST', headers: { token }, body: form });
  const envelope = await res.json();
  assert.equal(envelope.code, 0, envelope.msg);
  return envelope.data;
}

/** A new user with the identity verified by the embedded auto-review: `{ token, userInfo }`. */
export async function verifiedUser(h, email) {
  const { token } = await signUp(h, email);
  const frontImage = await upload(h, token, gradientPng(900, 600, 40), 'front.png');
  const backImage = await upload(h, token, gradientPng(900, 600, 200), 'back.png');
  const kyc = await api(h, '/asset/api/idCard/insert', {
    token,
    body: { firstName: 'Jeanne', lastName: 'Dupont', idNumber: 'FR7654321', nation: 'France', documentType: 'passport', frontImage, backImage },
  });
  assert.equal(kyc.status, 'verified');
  return { token, userInfo: await api(h, '/asset/api/user/info', { token }) };
}

/** A verified user with `usdt` credited to the platform wallet by the operator: `{ token, userInfo }`. */
export async function verifiedTrader(h, email, usdt) {
  const { token } = await verifiedUser(h, email);
  // the evidence must be unique per deposit (the operator may not record one transfer twice)
  const credited = await runOps(h.platform, ['recharge:record', email, 'USDT', usdt, `e2e funding for ${email}`]);
  assert.equal(credited.code, 0, credited.err);
  return { token, userInfo: await api(h, '/asset/api/user/info', { token }) };
}

/**
 * The page starts logged in as `user` (`{ token, userInfo }`) in `lang`. With `once`, only into empty storage:
 * a reload then keeps what the app stored since (a mode or language the test chose on screen).
 */
export async function logIn(page, { token, userInfo }, lang = 'en', { once = false } = {}) {
  await page.addInitScript(
    ([t, u, l, onlyOnce]) => {
      if (onlyOnce && localStorage.getItem('token')) return;
      localStorage.setItem('token', JSON.stringify(t));
      localStorage.setItem('userInfo', JSON.stringify(u));
      localStorage.setItem('lang', JSON.stringify(l));
    },
    [token, userInfo, lang, once],
  );
}

/** A screenshot once the toasts have gone (or after 4 s anyway). */
export async function snap(page, name) {
  await page
    .locator('[data-testid="toast"]')
    .first()
    .waitFor({ state: 'detached', timeout: 4_000 })
    .catch(() => {});
  await screenshot(page, name);
}

/**
 * Fills the KYC form on the screen with a name, an ID and two generated document images, up to its Submit. `texts`:
 * the form's labels in the page's language (mf_accounts texts), matched exactly; English by default.
 */
export async function fillKycForm(page, texts) {
  const field = (label, english) => (texts ? page.getByLabel(texts[label], { exact: true }) : page.getByLabel(english));
  await field('firstNameLabel', 'First name').fill('Jeanne');
  await field('lastNameLabel', 'Last name').fill('Dupont');
  await field('idNumberLabel', 'ID number').fill('FR1234567');
  await field('documentTypeLabel', 'Document type').selectOption('passport');
  const image = gradientPng(1200, 800);
  await page.locator('[data-testid="kyc-image-front"] input[type="file"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: image });
  await page.locator('[data-testid="kyc-image-back"] input[type="file"]').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: image });
  await page.locator('[data-testid="kyc-image-back"] img').waitFor();
}

/** The simulated chain sends `amount` to a deposit address (as `pnpm ops deposit:send`); the deposit in progress. */
export async function sendToChain(h, address, amount, { asset = 'USDT', chain = 'TRC20' } = {}) {
  const res = await fetch(`${h.baseUrl}/dev/chain/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, asset, chain, amount }),
  });
  const envelope = await res.json();
  assert.equal(envelope.code, 0, envelope.msg);
  return envelope.data;
}

/** Moves USDT from the platform wallet through the transfer screen, as a user does before trading. */
export async function transfer(page, to, amount) {
  await page.goto('/pages/transfer/index');
  await page.getByLabel('To', { exact: true }).selectOption(to);
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm transfer' }).click();
  await page.waitForURL('**/pages/transfer/records');
}
