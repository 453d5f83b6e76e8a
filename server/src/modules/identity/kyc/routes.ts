import type { FastifyPluginAsync } from 'fastify';
import { identity } from '@meridian/contracts';
import type { AppContext } from '../../../context.js';
import { route } from '../../../http/route.js';
import { identityAuth } from '../routes.js';
import { DOCUMENT_TYPES, latestSubmission, submitKyc, type KycInput } from './service.js';

/** idCard/type, idCard/insert, idCard/info under /asset/api (contracts/src/identity). */
export const kycRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const auth = identityAuth(context);

  route(app, identity.kycTypes, () => DOCUMENT_TYPES.map((type) => ({ ...type })));

  route(app, identity.kycSubmit, async (request) => {
    const user = await auth.requireUser(request);
    // documentType is one of DOCUMENT_TYPES: the contract's enum lists the same values and has checked it
    const submission = await submitKyc(context.db, user.id, request.body as KycInput, { autoReview: context.config.kycAutoReview, now: context.clock() });
    return view(submission);
  });

  route(app, identity.kycInfo, async (request) => {
    const user = await auth.requireUser(request);
    const submission = await latestSubmission(context.db, user.id);
    return submission ? view(submission) : { status: 'unverified' as const, reason: '' };
  });
};

function view(submission: Awaited<ReturnType<typeof latestSubmission>> & object) {
  const { id: _id, userId: _userId, reviewedBy: _reviewedBy, ...visible } = submission;
  return visible;
}
