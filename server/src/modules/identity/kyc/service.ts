import type { Db } from '../../../db/db.js';
import { IDENTITY_FAIL, operatorError, refuse } from '../../../http/refuse.js';
import { recordAudit } from '../../audit/storage.js';
import { notify } from '../../notifications/service.js';
import { pushToUser } from '../../platform/user-events.js';
import { ownsUpload } from '../upload/service.js';

export const DOCUMENT_TYPES = [
  { value: 'id_card', label: 'ID card' },
  { value: 'passport', label: 'Passport' },
  { value: 'driving_licence', label: 'Driving licence' },
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number]['value'];

export interface KycInput {
  firstName: string;
  lastName: string;
  idNumber: string;
  nation: string;
  documentType: DocumentType;
  frontImage: string;
  backImage: string;
}

export interface KycSubmission extends KycInput {
  id: string;
  userId: string;
  status: 'pending' | 'verified' | 'rejected';
  reason: string;
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

const COLUMNS = `id, user_id AS "userId", first_name AS "firstName", last_name AS "lastName", id_number AS "idNumber", nation,
  document_type AS "documentType", front_image AS "frontImage", back_image AS "backImage", status, reason,
  submitted_at AS "submittedAt", reviewed_at AS "reviewedAt", reviewed_by AS "reviewedBy"`;

export const AUTO_REVIEWER = 'auto-review';

export async function latestSubmission(db: Db, userId: string): Promise<KycSubmission | undefined> {
  const { rows } = await db.query<KycSubmission>(`SELECT ${COLUMNS} FROM kyc_submissions WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [userId]);
  return rows[0];
}

export async function findSubmission(db: Db, id: string): Promise<KycSubmission | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<KycSubmission>(`SELECT ${COLUMNS} FROM kyc_submissions WHERE id = $1`, [id]);
  return rows[0];
}

export async function pendingSubmissions(db: Db): Promise<KycSubmission[]> {
  const { rows } = await db.query<KycSubmission>(`SELECT ${COLUMNS} FROM kyc_submissions WHERE status = 'pending' ORDER BY id`);
  return rows;
}

/** idCard/insert: the user's first submission, or a new one after a rejection. */
export async function submitKyc(db: Db, userId: string, input: KycInput, options: { autoReview: boolean; now: Date }): Promise<KycSubmission> {
  const fields = ['firstName', 'lastName', 'idNumber', 'nation'] as const;
  const clean = { ...input };
  for (const field of fields) {
    clean[field] = input[field].trim();
    if (!clean[field]) throw refuse('fieldRequired', { field }, IDENTITY_FAIL);
  }
  if (!(await ownsUpload(db, userId, input.frontImage)) || !(await ownsUpload(db, userId, input.backImage))) {
    throw refuse('invalidImage', {}, IDENTITY_FAIL);
  }
  return db.transaction(async (tx) => {
    const { rows: users } = await tx.query<{ kycStatus: string }>('SELECT kyc_status AS "kycStatus" FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const status = users[0]?.kycStatus;
    if (status === 'pending') throw refuse('kycPending', {}, IDENTITY_FAIL);
    if (status === 'verified') throw refuse('kycVerified', {}, IDENTITY_FAIL);
    const verified = options.autoReview;
    const { rows } = await tx.query<KycSubmission>(
      `INSERT INTO kyc_submissions (user_id, first_name, last_name, id_number, nation, document_type, front_image, back_image, status,
         submitted_at, reviewed_at, reviewed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
      [
        userId,
        clean.firstName,
        clean.lastName,
        clean.idNumber,
        clean.nation,
        clean.documentType,
        clean.frontImage,
        clean.backImage,
        verified ? 'verified' : 'pending',
        options.now,
        verified ? options.now : null,
        verified ? AUTO_REVIEWER : null,
      ],
    );
    // Guarded by the status read above (and, on PGlite, by its one-transaction-at-a-time connection).
    const updated = await tx.query("UPDATE users SET kyc_status = $2 WHERE id = $1 AND kyc_status IN ('unverified', 'rejected') RETURNING id", [
      userId,
      verified ? 'verified' : 'pending',
    ]);
    if (!updated.rows.length) throw refuse('kycPending', {}, IDENTITY_FAIL);
    const submission = rows[0]!;
    if (verified) {
      await recordAudit(tx, { actor: AUTO_REVIEWER, action: 'kyc:approve', target: `user:${userId}`, detail: { submission: submission.id } });
      await notifyKycResult(tx, submission, options.now);
    }
    return submission;
  });
}

/** An operator's decision on a pending submission; the caller's transaction also writes the audit row. */
export async function reviewKyc(
  tx: Db,
  submissionId: string,
  decision: { verdict: 'verified' } | { verdict: 'rejected'; reason: string },
  reviewer: string,
  now: Date,
): Promise<KycSubmission> {
  const reason = decision.verdict === 'rejected' ? decision.reason.trim() : '';
  if (decision.verdict === 'rejected' && !reason) throw operatorError('A rejection needs a reason', IDENTITY_FAIL);
  const { rows } = await tx.query<KycSubmission>(
    `UPDATE kyc_submissions SET status = $2, reason = $3, reviewed_at = $4, reviewed_by = $5
     WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [submissionId, decision.verdict, reason, now, reviewer],
  );
  const submission = rows[0];
  if (!submission) throw operatorError(`No pending KYC submission ${submissionId}`, IDENTITY_FAIL);
  await tx.query('UPDATE users SET kyc_status = $2 WHERE id = $1', [submission.userId, decision.verdict]);
  await notifyKycResult(tx, submission, now);
  return submission;
}

/**
 * Tells the user the outcome, in the transaction that records it (one notice per submission and outcome), and
 * pushes it as `KYC` with the new status once committed: an open app writes it into its session at once, so the
 * trade gate stops sending a verified user to KYC (it belongs to the user in either mode, so no mode).
 */
async function notifyKycResult(tx: Db, submission: KycSubmission, now: Date): Promise<void> {
  const verified = submission.status === 'verified';
  pushToUser(tx, submission.userId, { action: 'KYC', status: submission.status });
  await notify(tx, {
    userId: submission.userId,
    kind: verified ? 'kyc.verified' : 'kyc.rejected',
    params: verified ? {} : { reason: submission.reason },
    title: verified ? 'Identity verified' : 'Identity verification rejected',
    body: verified
      ? 'Your identity is verified: you can now trade and apply for loans.'
      : `Your identity verification was rejected: ${submission.reason}. You can submit your documents again.`,
    ref: { type: 'kyc', id: submission.id },
  }, now);
}
