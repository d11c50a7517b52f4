import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponse, idParams } from '../../../../schemas/payloads/common';
import * as s from '../../../../schemas/payloads/esign';
import { limitAuthCall } from '../../auth/authRateLimit';
import { HttpError, invalid } from '../../errors';
import { BODY_LIMITS } from '../../plugins/requestBounds';
import { callerWithPermission } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { parseId, parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { esignMail } from '../../services/esign/esignMail';
import { createEsignRequest, pendingEsignRequests, rescindEsignRequest, resendEsignRequest, type EsignMailOrder } from '../../services/esign/esignRequests';
import { signConsent, signingPage } from '../../services/esign/esignSigning';

const tags = ['esign'];
const refusals = { 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
export const MAIL_FAILED = 'The e-mail could not be sent. Use Resend to try again.';

/**
 * The consent form's e-signature (README.md in this folder; spec 001 sections 3 and 5): the staff
 * calls need patients.update (GET patients.read) on a patient the caller reaches, else 404; the
 * signer's calls under esign/{slug} need no session, and are rate limited like the sign-in calls.
 */
export const esignRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('preValidation', parsePathIds);

  const mail = async (order: EsignMailOrder) => {
    try {
      await app.mailer.send(esignMail(app.config.publicUrl, order));
    } catch (error) {
      app.log.error({ err: error }, 'the e-sign request could not be mailed');
      throw new HttpError(502, MAIL_FAILED);
    }
  };

  app.post(
    '/esign-request',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Send the consent form for e-signature', body: s.esignRequestBody, response: { 201: s.esignRequestResponse, ...refusals } },
    },
    async (request, reply) => {
      const caller = callerWithPermission(request, 'patients.update');
      const created = await withTransaction(app.db, (trx) => createEsignRequest(trx, request, caller, request.body), patients);
      await mail(created.mail);
      return reply.code(201).send(created.answer);
    },
  );

  app.get(
    '/esign-request',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The patient's pending e-sign request, if any",
        querystring: s.esignListQuery,
        response: { 200: { type: 'array', items: s.esignRequestResponse }, ...refusals },
      },
    },
    async (request) => {
      const caller = callerWithPermission(request, 'patients.read');
      return pendingEsignRequests(app.db, request, caller, patientIdOf(request.query));
    },
  );

  app.delete(
    '/esign-request/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Rescind a pending e-sign request', params: idParams, response: { 200: s.esignRequestResponse, ...refusals } },
    },
    async (request) => {
      const caller = callerWithPermission(request, 'patients.update');
      return withTransaction(app.db, (trx) => rescindEsignRequest(trx, request, caller, request.params.id), patients);
    },
  );

  app.post(
    '/esign-request/:id/resend',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Mail a new signing link for a pending request', params: idParams, response: { 200: s.esignRequestResponse, ...refusals } },
    },
    async (request) => {
      const caller = callerWithPermission(request, 'patients.update');
      const resent = await withTransaction(app.db, (trx) => resendEsignRequest(trx, request, caller, request.params.id), patients);
      await mail(resent.mail);
      return resent.answer;
    },
  );

  app.get(
    '/esign/:slug',
    {
      schema: {
        tags,
        summary: 'The signing page: the consent text',
        security: [],
        params: s.slugParams,
        response: { 200: s.signingPageResponse, 404: errorResponse, 410: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'esign');
      return signingPage(app.db, request.params.slug);
    },
  );

  app.post(
    '/esign/:slug/sign',
    {
      bodyLimit: BODY_LIMITS.record,
      schema: {
        tags,
        summary: 'Sign the consent form',
        security: [],
        params: s.slugParams,
        body: s.signBody,
        response: { 200: s.signResponse, 404: errorResponse, 409: errorResponse, 410: errorResponse, 422: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await limitAuthCall(app, request, 'esign-sign');
      return signConsent(app, request, request.params.slug, request.body);
    },
  );
};

/** The patient of GET esign-request: `filter={"patient_id":3}` or `patient_id=3`; 422 without one. */
function patientIdOf(query: { filter?: string | undefined; patient_id?: number | undefined }): number {
  if (query.patient_id !== undefined) return query.patient_id;
  if (query.filter !== undefined) {
    let filter: unknown;
    try {
      filter = JSON.parse(query.filter);
    } catch {
      throw invalid(['query', 'filter'], 'Invalid JSON', 'value_error.json');
    }
    const id = (filter as { patient_id?: unknown } | null)?.patient_id;
    if (typeof id === 'number' || typeof id === 'string') return parseId(String(id), 'patient_id');
  }
  throw invalid(['query', 'patient_id'], 'Field required', 'missing');
}
