import { sql, type Kysely } from 'kysely';
import { firstDayOf } from '../../../domain/billing/codeSet';
import type { DB } from '../../db/schema';

/**
 * The claims made from services (spec 002 section 2, "claims are added automatically when a
 * service is completed and billable"): every services row of the monthly ledger that is claimable
 * with units has one claim of source based_on_service, kept in step with the row while the claim
 * is not submitted. `syncServiceClaims` does it for some patients' month, at the end of every refresh
 * of the ledger (monthLedger.ts, in the transaction of the note or reading that changed the month);
 * `generateMonthClaims` does it for every patient of a month in two set-based statements (a month
 * rebuilt, a backfill), whatever the number of notes behind the services.
 *
 * Decisions, where the spec is silent:
 * - one claim per patient, code and month: the unique index of migration 0022 on (patient_id,
 *   cpt_code, date_of_service) for source based_on_service makes the write an upsert, so that a
 *   second refresh, two concurrent ones, or a claim made by hand from the same service never
 *   make a second claim (the hand-made one answers 409);
 * - the claim is the service's: units, service_id and end_date_of_service follow the row; the
 *   date of service is the month's first day (the row's start_date), the end the month's last,
 *   the suggested billing date the day after the month ends; the billing provider is the care
 *   program's practitioner, filled in when the claim has none and never replaced once set (a
 *   person may have chosen another);
 * - a claim whose service is no longer claimable (a note deleted or shortened, the row gone from the
 *   ledger) is deleted while unsubmitted; a submitted claim is never touched, whatever its service
 *   becomes: it has been sent to the payer;
 * - a person who deletes an unsubmitted claim of a service that is still claimable sees it come back
 *   at the month's next refresh: the ledger, not the list, says what is billable;
 * - the claims are the ledger's derived data, written in the transaction of the write that changed
 *   the month: that write's own audit row records it, so they have no audit row of their own.
 */
export async function syncServiceClaims(db: Kysely<DB>, patientIds: readonly number[], firstDayOfMonth: string): Promise<number> {
  return patientIds.length === 0 ? 0 : writeServiceClaims(db, firstDayOfMonth, patientIds);
}

/**
 * The claims of every claimable service of `month` (`yyyy-mm`), as syncServiceClaims makes them for
 * its patients. Returns the number of claims created, changed or deleted: 0 when they were all in
 * step already (the call is idempotent).
 */
export async function generateMonthClaims(db: Kysely<DB>, month: string): Promise<number> {
  return writeServiceClaims(db, firstDayOf(month));
}

async function writeServiceClaims(db: Kysely<DB>, first: string, patientIds?: readonly number[]): Promise<number> {
  const ofPatient = (column: string) => (patientIds === undefined ? sql`true` : sql`${sql.ref(column)} in (${sql.join(patientIds)})`);
  const removed = await sql<{ id: number }>`
    delete from claim_items c
    where c.source = 'based_on_service' and not c.submitted and c.date_of_service = ${first} and ${ofPatient('c.patient_id')}
      and not exists (
        select from services s
        where s.patient_id = c.patient_id and s.start_date = c.date_of_service and s.cpt_code = c.cpt_code and s.claimable and s.units > 0)
    returning c.id`.execute(db);
  const written = await sql<{ id: number }>`
    insert into claim_items as c
      (tenant_id, patient_id, source, service_id, date_of_service, end_date_of_service, suggested_billing_date, cpt_code, units, billing_provider)
    select s.tenant_id, s.patient_id, 'based_on_service', s.id, s.start_date, s.end_date, s.end_date + 1, s.cpt_code, s.units, si.practitioner_id
    from services s left join service_instances si on si.id = s.service_instance_id
    where s.start_date = ${first} and s.claimable and s.units > 0 and ${ofPatient('s.patient_id')}
    on conflict (patient_id, cpt_code, date_of_service) where source = 'based_on_service' do update set
      units = excluded.units,
      service_id = excluded.service_id,
      end_date_of_service = excluded.end_date_of_service,
      billing_provider = coalesce(c.billing_provider, excluded.billing_provider)
    where not c.submitted
      and (c.units, c.service_id, c.end_date_of_service, c.billing_provider)
        is distinct from (excluded.units, excluded.service_id, excluded.end_date_of_service, coalesce(c.billing_provider, excluded.billing_provider))
    returning c.id`.execute(db);
  return removed.rows.length + written.rows.length;
}
