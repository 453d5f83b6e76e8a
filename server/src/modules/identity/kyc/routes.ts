import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ok } from '../../../http/envelope.js';
import { identityAuth } from '../routes.js';
import { DOCUMENT_TYPES, latestSubmission, submitKyc, type KycInput } from './service.js';

/** idCard/type, idCard/insert, idCard/info under /asset/api. */
export const kycRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);
  const text = { type: 'string', maxLength: 64 };

  app.get('/idCard/type', async () => ok(DOCUMENT_TYPES));

  app.post<{ Body: KycInput }>(
    '/idCard/insert',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            firstName: text,
            lastName: text,
            idNumber: text,
            nation: text,
            documentType: { type: 'string', enum: DOCUMENT_TYPES.map((t) => t.value) },
            frontImage: { type: 'string', maxLength: 200 },
            backImage: { type: 'string', maxLength: 200 },
          },
          required: ['firstName', 'lastName', 'idNumber', 'nation', 'documentType', 'frontImage', 'backImage'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const submission = await submitKyc(context.db, user.id, request.body, { autoReview: context.config.kycAutoReview, now: context.clock() });
      return ok(view(submission));
    },
  );

  app.get('/idCard/info', async (request) => {
    const user = await auth.requireUser(request);
    const submission = await latestSubmission(context.db, user.id);
    return ok(submission ? view(submission) : { status: 'unverified', reason: '' });
  });
};

function view(submission: Awaited<ReturnType<typeof latestSubmission>> & object) {
  const { id: _id, userId: _userId, reviewedBy: _reviewedBy, ...visible } = submission;
  return visible;
}
