import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/db.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_PREFIX = '/asset/admin/common/oss/file/';

export interface ImageKind {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

/** By content, never by name: JPEG (FF D8 FF), PNG (its 8-byte signature then IHDR), WebP (RIFF....WEBPVP8). */
export function detectImage(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  ) {
    return { mime: 'image/png', ext: 'png' };
  }
  if (
    bytes.length >= 16 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 15).toString('latin1') === 'WEBPVP8'
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return undefined;
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** Stores the image under a random name and returns the path clients use (and send back in KYC and avatar). */
export async function storeImage(db: Db, dataDir: string, userId: string, bytes: Buffer, kind: ImageKind, now: Date): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await mkdir(uploadsDir(dataDir), { recursive: true });
  await writeFile(path.join(uploadsDir(dataDir), name), bytes, { flag: 'wx', mode: 0o600 });
  await db.query('INSERT INTO uploads (name, user_id, mime, size, created_at) VALUES ($1, $2, $3, $4, $5)', [name, userId, kind.mime, bytes.length, now]);
  return UPLOAD_URL_PREFIX + name;
}

/** The stored name of an upload path, '' when the path is not one. */
export function nameOfPath(uploadPath: string): string {
  const match = /^\/asset\/admin\/common\/oss\/file\/([a-f0-9]{32}\.(?:jpg|png|webp))$/.exec(uploadPath.trim());
  return match ? match[1]! : '';
}

export interface StoredUpload {
  name: string;
  userId: string;
  mime: string;
  size: number;
}

export async function findUpload(db: Db, uploadPathOrName: string): Promise<StoredUpload | undefined> {
  const name = uploadPathOrName.startsWith('/') ? nameOfPath(uploadPathOrName) : uploadPathOrName;
  if (!/^[a-f0-9]{32}\.(?:jpg|png|webp)$/.test(name)) return undefined;
  const { rows } = await db.query<StoredUpload>('SELECT name, user_id AS "userId", mime, size FROM uploads WHERE name = $1', [name]);
  return rows[0];
}

/** True when the path is an upload of this user. */
export async function ownsUpload(db: Db, userId: string, uploadPath: string): Promise<boolean> {
  const upload = await findUpload(db, uploadPath);
  return upload?.userId === userId;
}

/**
 * Shares an upload with one other user (upload_grants): the owner's action that shows it to them (a payment proof
 * sent in an order) grants it in the same transaction. Unknown paths grant nothing.
 */
export async function grantUpload(db: Db, uploadPath: string, userId: string, reason: string, now: Date): Promise<void> {
  const upload = await findUpload(db, uploadPath);
  if (!upload || upload.userId === userId) return;
  await db.query('INSERT INTO upload_grants (upload_name, user_id, reason, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [upload.name, userId, reason, now]);
}

/** Whether `userId` may read the upload: its owner, or a user it was granted to. */
export async function mayReadUpload(db: Db, upload: StoredUpload, userId: string): Promise<boolean> {
  if (upload.userId === userId) return true;
  const { rows } = await db.query('SELECT 1 FROM upload_grants WHERE upload_name = $1 AND user_id = $2', [upload.name, userId]);
  return rows.length > 0;
}

export function readUpload(dataDir: string, name: string): Promise<Buffer> {
  return readFile(path.join(uploadsDir(dataDir), path.basename(name)));
}
