import { request } from '@meridian/shared';

/** KYC calls of the identity API (server/src/modules/identity/kyc/routes.ts). */
export const KYC_URLS = {
  info: '/asset/api/idCard/info',
  types: '/asset/api/idCard/type',
  insert: '/asset/api/idCard/insert',
} as const;

export type KycStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** GET idCard/info: only status and reason before any submission. */
export interface KycInfo {
  status: KycStatus;
  reason: string | null;
  firstName?: string;
  lastName?: string;
  idNumber?: string;
  nation?: string;
  documentType?: string;
  frontImage?: string;
  backImage?: string;
  submittedAt?: string | null;
  reviewedAt?: string | null;
}

/** One document type the server accepts. */
export interface DocumentType {
  value: string;
  label: string;
}

export interface KycSubmission {
  firstName: string;
  lastName: string;
  idNumber: string;
  nation: string;
  documentType: string;
  /** Upload paths (POST /asset/admin/common/oss/upload). */
  frontImage: string;
  backImage: string;
}

/** GET idCard/info: the user's verification status (and the last submission). */
export function fetchKycInfo(): Promise<KycInfo> {
  return request<KycInfo>({ url: KYC_URLS.info, method: 'GET' });
}

/** GET idCard/type: the document types to choose from. */
export function fetchDocumentTypes(): Promise<DocumentType[]> {
  return request<DocumentType[]>({ url: KYC_URLS.types, method: 'GET' });
}

/** POST idCard/insert: the identity data with the two uploaded image paths. */
export function submitKyc(input: KycSubmission): Promise<KycInfo> {
  return request<KycInfo>({ url: KYC_URLS.insert, method: 'POST', data: input });
}
