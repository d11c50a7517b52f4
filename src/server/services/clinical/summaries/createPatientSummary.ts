import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { PatientSummaryBody } from '../../../../../schemas/payloads/clinicalRecord';
import { SUMMARY_PERIODS } from '../../../../domain/clinical/recordValues';
import { addDays, zonedDay } from '../../../../domain/zonedDays';
import type { DB } from '../../../db/schema';
import { HttpError, invalid } from '../../../errors';
import { audit } from '../../../resources/audit';
import type { Caller } from '../../../resources/caller';
import { foundationModelResponses } from '../../../resources/definitions/foundationModelResponses';
import { findRecord } from '../../../resources/recordQuery';
import { withTransaction } from '../../../resources/transaction';
import type { ClinicalPatient } from '../clinicalPatient';
import type { Summariser } from './summariser';
import { summaryFacts } from './summaryFacts';

/** The provider has not enabled AI summaries (spec 002: the provider's AI Summary switch, llm_summary_enabled). */
export const SUMMARIES_DISABLED = 'AI summaries are not enabled for this provider';
/** A summary covers at most a year (the longest period the form offers). */
const LONGEST_PERIOD_DAYS = 366;

/** The period's first and last day: start_date and end_date as given, or a form period counted back from today (today included). */
function periodOf(body: PatientSummaryBody, timeZone: string): { start: string; end: string } {
  if (body.start_date !== undefined || body.end_date !== undefined) {
    if (body.start_date === undefined) throw invalid(['body', 'start_date'], 'Field required', 'missing');
    if (body.end_date === undefined) throw invalid(['body', 'end_date'], 'Field required', 'missing');
    return { start: body.start_date, end: body.end_date };
  }
  if (body.period === undefined) throw invalid(['body', 'period'], 'Period is required', 'missing');
  const end = zonedDay(new Date(), timeZone);
  return { start: addDays(end, -(SUMMARY_PERIODS[body.period] - 1)), end };
}

/**
 * POST foundation-model-responses/patient-summary (spec 001 sections 5 and 7): a summary of the
 * patient's period, written by the configured summariser from the period's facts only, stored with
 * how it was made, and audited as a create. Refused while the provider has not enabled summaries.
 */
export async function createPatientSummary(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: Caller,
  patient: ClinicalPatient,
  body: PatientSummaryBody,
  summariser: Summariser,
) {
  if (!patient.llm_summary_enabled) throw new HttpError(403, SUMMARIES_DISABLED);
  const { start, end } = periodOf(body, patient.timeZone);
  if (end < start) throw invalid(['body', 'end_date'], 'The end date cannot be before the start date');
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  if (days > LONGEST_PERIOD_DAYS) throw invalid(['body', 'start_date'], 'A summary covers at most a year');
  const written = await summariser.summarise(await summaryFacts(db, patient, start, end));
  return withTransaction(
    db,
    async (trx) => {
      const { id } = await trx
        .insertInto('foundation_model_responses')
        .values({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          content: written.content,
          start_date: start,
          end_date: end,
          method: written.method,
          author_id: caller.identity.id,
          author_name: caller.identity.full_name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const summary = await findRecord(trx, foundationModelResponses, caller.access, Number(id));
      if (!summary) throw new HttpError(404, 'Not found');
      await audit(trx, { request, identity: caller.identity, resource: foundationModelResponses, action: 'create', records: [summary] });
      return summary;
    },
    foundationModelResponses,
  );
}
