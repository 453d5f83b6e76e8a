import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context.js';
import { AppError, ok } from '../../../http/envelope.js';
import { identityAuth } from '../routes.js';
import { FAIL, MSG } from '../messages.js';
import { detectImage, findUpload, MAX_IMAGE_BYTES, readUpload, storeImage } from './service.js';

/**
 * Under /asset/admin/common/oss: POST /upload (multipart, field "file": a JPEG, PNG or WebP of at most 5 MB)
 * answers the image's path; GET /file/<name> serves it to its owner only (token header or ?token=).
 */
export const uploadRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 } });

  app.post('/upload', async (request) => {
    const user = await auth.requireUser(request);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError(FAIL, MSG.invalidImage);
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(FAIL, MSG.imageTooBig);
      throw new AppError(FAIL, MSG.invalidImage);
    }
    const kind = detectImage(bytes);
    if (!kind) throw new AppError(FAIL, MSG.invalidImage);
    return ok(await storeImage(context.db, context.config.dataDir, user.id, bytes, kind, context.clock()));
  });

  app.get<{ Params: { name: string } }>('/file/:name', async (request, reply) => {
    const user = await auth.requireSession(request, { allowQueryToken: true });
    const upload = await findUpload(context.db, request.params.name);
    if (!upload || upload.userId !== user.id) throw new AppError(404, MSG.notFound);
    const bytes = await readUpload(context.config.dataDir, upload.name);
    return reply
      .type(upload.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
};
