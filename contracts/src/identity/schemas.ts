import { Type } from 'typebox';
import { DateTime, Nullable, Text } from '../kit/schema.js';
import { refuses } from '../refusals.js';

// Limits as the identity routes have always had them. Account fields, codes and passwords may be empty on the
// wire: the service answers an empty one with its own refusal ("E-mail or phone is required", "Invalid code",
// "Password must be at least 6 characters"…), which tells the user more than a schema would.
const Optional = (max: number) => Type.Optional(Text(max, { min: 0 }));
const Required = (max: number) => Text(max, { min: 0 });

const Account = { email: Optional(320), phone: Optional(32), countryCode: Optional(8) };
const NewPassword = { password: Required(128), confirmPassword: Optional(128) };
/** A row id as the database numbers it (bigint, sent as a string). */
const RowId = Type.String({ pattern: '^[0-9]{1,18}$' });

export const Mode = Type.Union([Type.Literal('real'), Type.Literal('demo')]);
export const OtpType = Type.Union([Type.Literal('register'), Type.Literal('forgot'), Type.Literal('forgotFund'), Type.Literal('changeEmail')], {
  default: 'register',
});
export const KycStatus = Type.Union([Type.Literal('unverified'), Type.Literal('pending'), Type.Literal('verified'), Type.Literal('rejected')]);
/** The documents accepted: server/src/modules/identity/kyc/service.ts DOCUMENT_TYPES (a server test keeps them equal). */
export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'];
/** One of DOCUMENT_TYPES, typed as a plain string: screens take the value from the list the server sends. */
export const DocumentTypeValue = Type.String({ enum: DOCUMENT_TYPES });

/** A country; code is the dialling code without "+", e.g. France 33. */
export const Country = Type.Object({ id: Type.Integer(), name: Type.String(), iso2: Type.String(), code: Type.String() });

/** The logged-in user (server/src/modules/identity/users/service.ts UserInfo). */
export const UserInfo = Type.Object({
  uid: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  country: Nullable(Country),
  invitationCode: Type.String(),
  kycStatus: KycStatus,
  customerServiceUrl: Type.String(),
  hasFundPassword: Type.Boolean(),
  accountMode: Mode,
  hasDemo: Type.Boolean(),
  demoStartedAt: Nullable(DateTime),
  createdAt: DateTime,
});

export const AuthResult = Type.Object({ token: Type.String(), userInfo: UserInfo });

export const Session = Type.Object({
  id: Type.String(),
  device: Type.String(),
  ip: Type.String(),
  createdAt: DateTime,
  lastSeenAt: DateTime,
  expiresAt: DateTime,
  /** The session of this very token. */
  current: Type.Boolean(),
});

/** The user's verification: only status and reason before any submission, the last submission after. */
export const KycInfo = Type.Object({
  status: KycStatus,
  reason: Type.String(),
  firstName: Type.Optional(Type.String()),
  lastName: Type.Optional(Type.String()),
  idNumber: Type.Optional(Type.String()),
  nation: Type.Optional(Type.String()),
  documentType: Type.Optional(DocumentTypeValue),
  frontImage: Type.Optional(Type.String()),
  backImage: Type.Optional(Type.String()),
  submittedAt: Type.Optional(DateTime),
  reviewedAt: Type.Optional(Nullable(DateTime)),
});

const otpType = { type: Type.Optional(OtpType) };
const emailOtp = Type.Object({ email: Optional(320), ...otpType }, { additionalProperties: false });
const smsOtp = Type.Object({ phone: Optional(32), countryCode: Optional(8), ...otpType }, { additionalProperties: false });

/** Identity under /asset/api (countryCode, user, account/accountSwitch, idCard) and the image upload. */
export const identitySchemas = {
  countries: {
    refusals: refuses(),
    body: Type.Union([Type.Object({ keyword: Optional(64) }), Type.Null()]),
    data: Type.Array(Country),
    summary: 'Every country, or those matching a keyword (name, dialling code or ISO code); public',
  },
  locateCountry: { refusals: refuses(), data: Nullable(Country), summary: 'The visitor’s country located by IP (France when unknown); public' },
  sendEmailCode: { refusals: refuses('emailOrPhone', 'emailOrPhoneRequired', 'invalidEmail', 'invalidPhone', 'accountMissing', 'accountExists', 'resendWait', 'tooManyCodes', 'deliveryFailed'), body: emailOtp, data: Type.Null(), summary: 'A 4-digit code by e-mail (forgotFund: to the logged-in user’s own address)' },
  sendSmsCode: { refusals: refuses('emailOrPhone', 'emailOrPhoneRequired', 'invalidEmail', 'invalidPhone', 'accountMissing', 'accountExists', 'resendWait', 'tooManyCodes', 'deliveryFailed'), body: smsOtp, data: Type.Null(), summary: 'A 4-digit code by SMS to the phone with its dialling code' },
  register: {
    refusals: refuses('emailOrPhone', 'emailOrPhoneRequired', 'invalidEmail', 'invalidPhone', 'invitationRequired', 'invitationUnknown', 'invalidCountry', 'accountExists', 'invalidCode', 'wrongCode', 'passwordShort', 'passwordsInconsistent'),
    body: Type.Object(
      { ...Account, code: Required(16), ...NewPassword, invitationCode: Optional(32), countryId: Type.Optional(Type.Integer()) },
      { additionalProperties: false },
    ),
    data: AuthResult,
    summary: 'Sign up with the code sent to the account and an invitation code; answers a session',
  },
  login: {
    refusals: refuses('emailOrPhone', 'emailOrPhoneRequired', 'invalidEmail', 'invalidPhone', 'badCredentials', 'locked', 'loginLocked'),
    body: Type.Object({ ...Account, password: Required(128) }, { additionalProperties: false }),
    data: AuthResult,
    summary: 'Log in by e-mail, or phone and dialling code, with the password',
  },
  logout: { refusals: refuses(), data: Type.Null(), summary: 'Ends this session (a dead token is already logged out)' },
  info: { refusals: refuses('accountMissing'), data: UserInfo, summary: 'The logged-in user' },
  update: {
    refusals: refuses('accountMissing', 'nicknameLength', 'invalidImage', 'invalidEmail', 'accountExists', 'invalidCode', 'wrongCode', 'oldPasswordWrong', 'fundPasswordMissing', 'passwordShort', 'passwordsInconsistent'),
    body: Type.Object(
      {
        kind: Type.Union([Type.Literal('nickname'), Type.Literal('avatar'), Type.Literal('email'), Type.Literal('password'), Type.Literal('fundPassword')]),
        nickname: Optional(64),
        avatar: Optional(200),
        email: Optional(320),
        code: Optional(16),
        oldPassword: Optional(128),
        password: Optional(128),
        confirmPassword: Optional(128),
      },
      { additionalProperties: false },
    ),
    data: UserInfo,
    summary: 'Changes one thing of the user (kind names it and the fields it needs); answers the user',
  },
  forgotPassword: {
    refusals: refuses('emailOrPhone', 'emailOrPhoneRequired', 'invalidEmail', 'invalidPhone', 'invalidCode', 'wrongCode', 'passwordShort', 'passwordsInconsistent'),
    body: Type.Object({ ...Account, code: Required(16), ...NewPassword }, { additionalProperties: false }),
    data: Type.Null(),
    summary: 'A new login password with a code sent to the account; every session ends',
  },
  forgotFundPassword: {
    refusals: refuses('invalidCode', 'wrongCode', 'passwordShort', 'passwordsInconsistent'),
    body: Type.Object({ code: Required(16), ...NewPassword }, { additionalProperties: false }),
    data: Type.Null(),
    summary: 'A new fund password with the forgotFund code',
  },
  sessions: { refusals: refuses(), data: Type.Array(Session), summary: 'The user’s live login sessions, the most recently used first' },
  revokeSession: { refusals: refuses('notFound'), body: Type.Object({ id: RowId }, { additionalProperties: false }), data: Type.Null(), summary: 'Logs one of the user’s sessions out' },
  accountSwitch: {
    refusals: refuses('accountMissing'),
    body: Type.Object({ userType: Mode }, { additionalProperties: false }),
    data: Type.Object({ userType: Mode, hasDemo: Type.Boolean(), demoStartedAt: Nullable(DateTime) }),
    summary: 'Switches between the real and the demo account (the demo starts on first use)',
  },
  kycTypes: { refusals: refuses(), data: Type.Array(Type.Object({ value: DocumentTypeValue, label: Type.String() })), summary: 'The identity documents accepted' },
  kycSubmit: {
    refusals: refuses('invalidImage', 'kycPending', 'kycVerified'),
    body: Type.Object(
      {
        firstName: Required(64),
        lastName: Required(64),
        idNumber: Required(64),
        nation: Required(64),
        documentType: DocumentTypeValue,
        frontImage: Text(200, { min: 0 }),
        backImage: Text(200, { min: 0 }),
      },
      { additionalProperties: false },
    ),
    data: KycInfo,
    summary: 'Submits the identity data with the paths of two of the user’s own uploads',
  },
  kycInfo: { refusals: refuses(), data: KycInfo, summary: 'The user’s verification status and last submission' },
  /** multipart/form-data with one "file" field (JPEG, PNG or WebP, at most 5 MB): no JSON body to describe. */
  upload: { refusals: refuses('invalidImage', 'imageTooBig'), data: Type.String({ description: 'the stored image’s path, readable by its owner only' }), summary: 'Uploads an image (multipart, field "file")' },
};
