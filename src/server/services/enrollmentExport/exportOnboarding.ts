import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ExportOnboardingQuery } from '../../../../schemas/payloads/enrollmentExport';
import { DEFAULT_EXPORT_ORIENTATION, EXPORT_RANGE_REQUIRED } from '../../../domain/enrollmentQueue';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { conditionSql, searchSql } from '../../resources/conditionSql';
import { patients } from '../../resources/definitions';
import { parseFilter } from '../../resources/filterQuery';
import { visibleRows } from '../../resources/recordQuery';
import { enrollmentPdf } from './enrollmentPdf';
import { exportRows, generatedLabel, providerLabel, rangeLabel, type ExportRow } from './exportRows';

/** A day of appointments is a few dozen patients; a range this large is a mistake, not an export. */
const EXPORT_MAX_PATIENTS = 5000;
const RANGE_FIELD = 'onboarding_appointment_datetime';

/**
 * GET /patients/export-onboarding (spec 001 section 7): the patients of an appointment range as a
 * PDF, for a caller holding patients.export_onboarding. The filter must bound the appointment with
 * [gte] and [lte] (else 422); the patients are those the caller's scope reaches, as in the list,
 * and the export is audited as a list of the patients it holds. Answers the PDF and its file name.
 */
export async function exportOnboarding(db: Kysely<DB>, request: FastifyRequest, { identity, access }: Caller, query: ExportOnboardingQuery) {
  const filter = parseFilter(query.filter, patients);
  const bound = (op: string) => filter.conditions.find((c) => c.field.path === RANGE_FIELD && c.op === op)?.value;
  const from = bound('gte');
  const to = bound('lte');
  if (!(from instanceof Date) || !(to instanceof Date)) throw invalid(['query', 'filter'], EXPORT_RANGE_REQUIRED, 'missing');

  const found = (await visibleRows(db, patients, access, (eb) =>
    eb.and([...filter.conditions.map((c) => conditionSql(eb, c)), ...(filter.search ? [searchSql(eb, filter.search)] : [])]),
  )
    .leftJoin('locations as loc', 'loc.id', 't.onboarding_appointment_location_id')
    .leftJoin('tenants as ten', 'ten.id', 't.tenant_id')
    .select([
      't.id',
      't.tenant_id',
      't.patient_status',
      't.birthdate',
      `t.${RANGE_FIELD} as appointment`,
      't.onboarding_imei',
      't.onboarding_notes',
      'j_user.full_name',
      'j_user.mobile_phone_number',
      'j_user.home_phone_number',
      'j_user.facility_phone_number',
      'j_user.primary_phone_number_type',
      'j_user.phone_number',
      'loc.name as location',
      'ten.name as provider',
    ])
    .orderBy(`t.${RANGE_FIELD}`, 'asc')
    .orderBy('t.id', 'asc')
    .limit(EXPORT_MAX_PATIENTS + 1)
    .execute()) as ExportRow[];
  if (found.length > EXPORT_MAX_PATIENTS) {
    throw invalid(['query', 'filter'], `More than ${EXPORT_MAX_PATIENTS} patients: please choose a shorter appointment date range`);
  }
  await audit(db, {
    request,
    identity,
    resource: { ...patients, name: 'patients/export-onboarding' },
    action: 'list',
    records: found.map(({ id, tenant_id }) => ({ id, tenant_id })),
  });

  const timeZone = await timeZoneOf(db, identity.id);
  const pdf = await enrollmentPdf({
    orientation: query.orientation ?? DEFAULT_EXPORT_ORIENTATION,
    provider: providerLabel(found),
    range: rangeLabel(from, to, timeZone),
    generatedAt: generatedLabel(new Date(), timeZone),
    timeZone,
    rows: exportRows(found, timeZone),
  });
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { pdf, filename: `enrollment-export-${day(from)}-${day(to)}.pdf` };
}

/** Times print in the user's zone (identity settings, which the console keeps), else the provider's, else New York. */
async function timeZoneOf(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('tenants as ten', 'ten.id', 'u.tenant_id')
    .select([sql<string | null>`u.settings->>'user_timezone'`.as('user_zone'), 'ten.timezone as tenant_zone'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  for (const zone of [row?.user_zone, row?.tenant_zone]) {
    if (!zone) continue;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      // A zone the runtime does not know: try the next one.
    }
  }
  return 'America/New_York';
}
