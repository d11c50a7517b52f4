import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  isReportType,
  REPORT_TYPE_LABELS,
  reportDayText,
  UNSUPPORTED_REPORT_TYPE,
  type ReportContents,
  type ReportCreateBody,
  type ReportType,
} from '../../../../schemas/payloads/reports';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { reports } from '../../resources/definitions/reports';
import { findRecord } from '../../resources/recordQuery';
import { missingReference, TENANT_REFERENCE, visibleReference } from '../../resources/references';
import { carePlanClinicianContent, carePlanContent } from './carePlanContent';
import { clinicianMonitoringContent, monitoringContent } from './monitoringContent';
import type { ReportRange } from './reportRange';

/** The longest range a report covers: a year, leap or not (no request may stall the others). */
export const MAX_RANGE_DAYS = 366;
export const REPORT_TEXTS = {
  rangeOrder: 'The range must end on or after its start',
  rangeLength: `The range may span at most ${MAX_RANGE_DAYS} days`,
} as const;

const PATIENTS = { table: 'patients', tenantColumn: 'tenant_id' } as const;

type Computed<T extends ReportType> = Omit<ReportContents[T], 'timezone' | 'provider_name'>;
const COMPUTE: { [T in ReportType]: (trx: Transaction<DB>, range: ReportRange) => Promise<Computed<T>> } = {
  monitoring_report: monitoringContent,
  clinician_monitoring_report: clinicianMonitoringContent,
  care_plan_report: carePlanContent,
  care_plan_clinician_report: carePlanClinicianContent,
};

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * POST reports: checks the body (a known type, a range in order and at most a year long, a provider
 * and patient the caller sees: another provider's answers as none), computes the content of the type
 * over the range's data in the provider's zone, stores the report and audits its creation (the content
 * names patients). Answers the stored record.
 */
export async function generateReport(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, body: ReportCreateBody): Promise<Values> {
  if (!isReportType(body.type)) throw invalid(['body', 'type'], UNSUPPORTED_REPORT_TYPE);
  const span = dayNumber(body.range_end) - dayNumber(body.range_start);
  if (span < 0) throw invalid(['body', 'range_end'], REPORT_TEXTS.rangeOrder);
  if (span + 1 > MAX_RANGE_DAYS) throw invalid(['body', 'range_end'], REPORT_TEXTS.rangeLength);
  const provider = await visibleReference(trx, caller.access, TENANT_REFERENCE, body.tenant_id, ['body', 'tenant_id'], ['name', 'timezone', 'offboarded_at']);
  if (provider.offboarded_at !== null) throw missingReference(['body', 'tenant_id']);
  let patientName: string | null = null;
  if (body.patient_id !== undefined && body.patient_id !== null) {
    const patient = await visibleReference(trx, caller.access, PATIENTS, body.patient_id, ['body', 'patient_id'], ['user_full_name']);
    if (patient.tenant !== provider.id) throw missingReference(['body', 'patient_id']);
    patientName = patient.user_full_name as string;
  }
  const timezone = provider.timezone as string;
  const range: ReportRange = { start: body.range_start, end: body.range_end, timezone, tenantId: provider.id, patientId: body.patient_id ?? null };
  const computed = await (COMPUTE[body.type] as (trx: Transaction<DB>, range: ReportRange) => Promise<object>)(trx, range);
  const content = { timezone, provider_name: provider.name as string, ...computed };
  const name = [
    REPORT_TYPE_LABELS[body.type],
    provider.name as string,
    ...(patientName ? [patientName] : []),
    `${reportDayText(body.range_start)} to ${reportDayText(body.range_end)}`,
  ].join(', ');
  const { id } = await trx
    .insertInto('reports')
    .values({
      name,
      type: body.type,
      range_start: body.range_start,
      range_end: body.range_end,
      tenant_id: provider.id,
      patient_id: range.patientId,
      content: JSON.stringify(content),
      created_by_id: caller.identity.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const record = (await findRecord(trx, reports, caller.access, id)) as Values;
  await audit(trx, { request, identity: caller.identity, resource: reports, action: 'create', records: [record] });
  return record;
}
