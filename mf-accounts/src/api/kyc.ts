import { identity, type DataOf, type InputOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/** KYC calls of the identity API (contracts/src/identity; server/src/modules/identity/kyc/routes.ts). */

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** GET idCard/info: only status and reason before any submission, the last submission after. */
export type KycInfo = DataOf<typeof identity.kycInfo>;

/** One document type the server accepts. */
export type DocumentType = DataOf<typeof identity.kycTypes>[number];

/** The identity data with the two upload paths (POST /asset/admin/common/oss/upload). */
export type KycSubmission = InputOf<typeof identity.kycSubmit>;

/** POST idCard/insert: the identity data with the two uploaded image paths. */
export function submitKyc(input: KycSubmission): Promise<KycInfo> {
  return call(identity.kycSubmit, input);
}
