import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { identity } from '@meridian/contracts';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/envelope.js';
import { IDENTITY_FAIL, refuse } from '../../../http/refuse.js';
import { route } from '../../../http/route.js';
import { identityAuth } from '../routes.js';
import { detectImage, findUpload, mayReadUpload, MAX_IMAGE_BYTES, readUpload, storeImage } from './service.js';
import { RAW_ROUTE } from '../../../http/contract-guard.js';

/**
 * Under /asset/admin/common/oss: POST /upload (multipart, field "file": a JPEG, PNG or WebP of at most 5 MB)
 * answers the image's path; GET /file/<name> serves it to its owner and to whom an action of theirs shared it with
 * (upload_grants), by the token header (never a token in the URL: URLs end up in logs, history
 * and Referer headers; the app fetches the image with the header into an object URL).
 */
export const uploadRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 } });

  // multipart: the contract describes the answer only; the file is read here, within the limits registered above
  route(app, identity.upload, async (request) => {
    const user = await auth.requireUser(request);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw refuse('invalidImage', {}, IDENTITY_FAIL);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('imageTooBig', {}, IDENTITY_FAIL);
      throw refuse('invalidImage', {}, IDENTITY_FAIL);
    }
    const kind = detectImage(bytes);
    if (!kind) throw refuse('invalidImage', {}, IDENTITY_FAIL);
    return storeImage(context.db, context.config.dataDir, user.id, bytes, kind, context.clock());
  });

  // the image's bytes, not an envelope: a plain route, no contract; the session only from the token header
  app.get<{ Params: { name: string } }>('/file/:name', { config: RAW_ROUTE }, async (request, reply) => {
    const user = await auth.requireUser(request);
    const upload = await findUpload(context.db, request.params.name);
    if (!upload || !(await mayReadUpload(context.db, upload, user.id))) throw refuse('notFound', {}, 404);
    const bytes = await readUpload(context.config.dataDir, upload.name);
    return reply
      .type(upload.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};
