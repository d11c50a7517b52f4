import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/medicalHistory';
import { CODED_SEARCH_MIN, SEARCH_TOO_SHORT } from '../../../domain/clinical/medicalHistory';
import { scopeOf } from '../../../domain/permissions';
import { forbidden, invalid, notFound } from '../../errors';
import { identityOf } from '../../plugins/identity';

const tags = ['terminology'];

/** The search text, trimmed, of at least 3 characters (spec 001 section 5), else 422 with the spec's words. */
function searchText(text: string, loc: string): string {
  const trimmed = text.trim();
  if (trimmed.length < CODED_SEARCH_MIN) throw invalid(['query', loc], SEARCH_TOO_SHORT, 'string_too_short');
  return trimmed;
}

/**
 * The code sets of the medical history (spec 001 section 7): RxNorm medications and SNOMED CT
 * concepts, answered by app.terminology (services/terminology: an upstream server when configured,
 * else the bundled catalogue). Public reference data, no patient's: anyone who works with patients
 * (patients.read or patients.queue) may search them; nothing here is audited.
 */
export const terminologyRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', async (request) => {
    const { role } = identityOf(request);
    if (!scopeOf(role, 'patients.read') && !scopeOf(role, 'patients.queue')) throw forbidden();
  });

  app.get('/medications/search', { schema: { tags, querystring: s.medicationSearchQuery } }, async (request) =>
    app.terminology.medications.search(searchText(request.query.q, 'q'), request.query.limit ?? 25),
  );
  app.get('/medications/:rxcui', { schema: { tags, params: s.rxcuiParams } }, async (request) => {
    const medication = await app.terminology.medications.find(request.params.rxcui);
    if (!medication) throw notFound();
    return medication;
  });
  app.get('/snowstorm/search', { schema: { tags, querystring: s.snomedSearchQuery } }, async (request) =>
    app.terminology.snomed.search(searchText(request.query.query, 'query'), request.query.category, request.query.limit ?? 25),
  );
  app.get('/snowstorm/:code', { schema: { tags, params: s.snomedCodeParams } }, async (request) => {
    const concept = await app.terminology.snomed.find(request.params.code);
    if (!concept) throw notFound();
    return concept;
  });
};
