import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { icd10Query } from '../../../../schemas/payloads/claims';
import { scopeOf } from '../../../domain/permissions';
import { forbidden } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { searchIcd10 } from '../../services/claims/icd10Search';

/**
 * GET /icd10 (spec 002 section 7, "GET icd10 (search)"): the ICD-10-CM codes a claim's diagnoses
 * are picked from, as a list page (`Content-Range: icd10 0-9/42`) of `{id, code, description}`.
 * The codes are public reference data, not a provider's: anyone who works with claims
 * (claim_items.list) or patients (patients.read) may search them.
 */
export const icd10Routes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get('/icd10', { schema: { tags: ['icd10'], querystring: icd10Query } }, async (request, reply) => {
    const { role } = identityOf(request);
    if (!scopeOf(role, 'claim_items.list') && !scopeOf(role, 'patients.read')) throw forbidden();
    const { records, skip, total } = await searchIcd10(app.db, request.query);
    const span = records.length ? `${skip}-${skip + records.length - 1}` : '*';
    return reply.header('content-range', `icd10 ${span}/${total}`).header('access-control-expose-headers', 'Content-Range').send(records);
  });
};
