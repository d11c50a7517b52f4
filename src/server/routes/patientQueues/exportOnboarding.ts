import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_EXPORT_ORIENTATION, EXPORT_FORMATS, EXPORT_ORIENTATIONS, EXPORT_RANGE_REQUIRED, type ExportOrientation } from '../../../domain/enrollmentQueue';
import { scopeOf } from '../../../domain/permissions';
import { forbidden, invalid } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { accessOf } from '../../resources/access';
import { audit } from '../../resources/audit';
import { conditionSql, searchSql } from '../../resources/conditionSql';
import { patients } from '../../resources/definitions';
import { parseFilter } from '../../resources/filterQuery';
import { visibleRows } from '../../resources/recordQuery';
import { enrollmentPdf } from './enrollmentPdf';
import { exportRows, providerLabel, rangeLabel, type ExportRow } from './exportRows';

/** A day of appointments is a few dozen patients; a range this large is a mistake, not an export. */
export const EXPORT_MAX_PATIENTS = 5000;
const RANGE_FIELD = 'onboarding_appointment_datetime';

const querystring = {
  type: 'object',
  properties: {
    filter: { type: 'string' },
    format: { type: 'string', enum: EXPORT_FORMATS },
    orientation: { type: 'string', enum: EXPORT_ORIENTATIONS },
  },
  required: ['filter'],
  additionalProperties: false,
} as const;

/**
 * GET /patients/export-onboarding (spec 001 section 7): the patients of an appointment range as a
 * PDF attachment. `filter` is a patients list filter (patient_status[in], tenant_id[eq], the other
 * list filters) that must bound onboarding_appointment_datetime with [gte] and [lte]; `format` is
 * pdf (the only one), `orientation` landscape (default) or portrait. Tenant-scoped like the list
 * and audited as a read of the patients it holds.
 */
export async function exportOnboardingRoute(app: FastifyInstance) {
  app.get('/patients/export-onboarding', { onRequest: app.authenticate, schema: { tags: ['patients'], querystring } }, async (request, reply) => {
    const query = request.query as { filter: string; format?: string; orientation?: ExportOrientation };
    const identity = identityOf(request);
    const scope = scopeOf(identity.role, 'patients.export_onboarding');
    if (!scope) throw forbidden();
    const filter = parseFilter(query.filter, patients);
    const bound = (op: string) => filter.conditions.find((c) => c.field.path === RANGE_FIELD && c.op === op)?.value;
    const from = bound('gte');
    const to = bound('lte');
    if (!(from instanceof Date) || !(to instanceof Date)) throw invalid(['query', 'filter'], EXPORT_RANGE_REQUIRED, 'missing');

    const found = (await visibleRows(app.db, patients, accessOf(identity, scope), (eb) =>
      eb.and([...filter.conditions.map((c) => conditionSql(eb, c)), ...(filter.search ? [searchSql(eb, filter.search)] : [])]),
    )
      .leftJoin('locations as loc', 'loc.id', 't.onboarding_appointment_location_id')
      .leftJoin('tenants as ten', 'ten.id', 't.tenant_id')
      .select([
        't.id', 't.tenant_id', 't.patient_status', 't.birthdate', `t.${RANGE_FIELD} as appointment`, 't.onboarding_imei', 't.onboarding_notes',
        'j_user.full_name', 'j_user.mobile_phone_number', 'j_user.phone_number', 'loc.name as location', 'ten.name as provider',
      ])
      .orderBy(`t.${RANGE_FIELD}`, 'asc')
      .orderBy('t.id', 'asc')
      .limit(EXPORT_MAX_PATIENTS + 1)
      .execute()) as ExportRow[];
    if (found.length > EXPORT_MAX_PATIENTS) {
      throw invalid(['query', 'filter'], `More than ${EXPORT_MAX_PATIENTS} patients: please choose a shorter appointment date range`);
    }
    await audit(app.db, { request, identity, resource: { ...patients, name: 'patients/export-onboarding' }, action: 'list', records: found.map(({ id, tenant_id }) => ({ id, tenant_id })) });

    const timeZone = await timeZoneOf(app, request);
    const pdf = await enrollmentPdf({
      orientation: query.orientation ?? DEFAULT_EXPORT_ORIENTATION,
      provider: providerLabel(found),
      range: rangeLabel(from, to, timeZone),
      generatedAt: new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date()),
      timeZone,
      rows: exportRows(found, timeZone),
    });
    const day = (date: Date) => date.toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="enrollment-export-${day(from)}-${day(to)}.pdf"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(pdf);
  });
}

/** Times print in the user's zone (identity settings, which the console keeps), else the provider's, else New York. */
async function timeZoneOf(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const identity = identityOf(request);
  const row = await app.db
    .selectFrom('users as u')
    .leftJoin('tenants as ten', 'ten.id', 'u.tenant_id')
    .select([sql<string | null>`u.settings->>'user_timezone'`.as('user_zone'), 'ten.timezone as tenant_zone'])
    .where('u.id', '=', identity.id)
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
