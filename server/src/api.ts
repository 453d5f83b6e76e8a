/**
 * The spec's API groups. A module's `routes` (platform-kit/define-module.ts) name the group they serve; each group
 * is one Fastify plugin under its prefix, and unknown paths under any prefix answer the 404 envelope.
 * `/asset/admin/common/oss` is the upload endpoint and the files it stores (the spec's path; owner-only, not an
 * admin area).
 */
export const API_PREFIXES = ['/asset/api', '/asset/admin/common/oss', '/api/market', '/transaction/api'] as const;

export type ApiPrefix = (typeof API_PREFIXES)[number];
