import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { DEMO_PROVIDERS } from './accounts';
import { daysBefore } from './seed';

/** The demo groups of each provider: who joins them (by condition and status), how many, how old the group is. */
const GROUPS = [
  { name: 'COPD Follow-up', condition: 'COPD', statuses: ['active', 'consented'], size: 12, ageDays: 200 },
  { name: 'Diabetes Education', condition: 'Diabetes', statuses: ['active'], size: 10, ageDays: 150 },
  { name: 'Heart Failure Watch', condition: 'HeartFailure', statuses: ['active'], size: 8, ageDays: 120 },
  { name: 'Enrollment Outreach', condition: null, statuses: ['pending_enrollment', 'unseen'], size: 15, ageDays: 60 },
  { name: 'Weekend Calls', condition: null, statuses: [], size: 0, ageDays: 10 },
] as const;

/**
 * Care teams of the demo providers' enrolled patients: every second one has the provider's
 * clinician as RPM clinician, every third active one Dr. Reyes as CCM clinician, every fifth
 * active one the internal clinician as RPM clinician, every seventh the onboarding staff in
 * provider success; a patient whose billing provider is a clinician has them as billing_provider.
 * Deterministic: everything follows the order of patient ids. Starts on the enrolment day.
 */
const CARE_TEAMS = [
  { email: 'clinician@{slug}.demo.example', role: 'rpm_clinician', statuses: ['active', 'consented'], every: 2, at: 0 },
  { email: 'dr.reyes@{slug}.demo.example', role: 'ccm_clinician', statuses: ['active'], every: 3, at: 0 },
  { email: 'internal.clinician@demo.example', role: 'rpm_clinician', statuses: ['active'], every: 5, at: 1 },
  { email: 'staff@{slug}.demo.example', role: 'provider_success', statuses: ['active'], every: 7, at: 0 },
] as const;

/** Adds the demo providers' patient groups and care teams, after their patients exist. */
export async function seedGroupsAndCareTeams(db: Kysely<DB>, anchor: Date): Promise<void> {
  for (const { slug } of DEMO_PROVIDERS) {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    for (const group of GROUPS) {
      const row = await db
        .insertInto('patient_groups')
        .values({ tenant_id: tenant.id, name: group.name, created_at: daysBefore(anchor, group.ageDays) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (group.size === 0) continue;
      await sql`insert into patient_group_members (group_id, patient_id, added_at)
        select ${row.id}, p.id, ${daysBefore(anchor, group.ageDays - 1)} from patients p
        where p.tenant_id = ${tenant.id} and p.patient_status = any(${[...group.statuses]}::text[])
          and (${group.condition}::text is null or p.primary_condition = ${group.condition})
        order by p.id limit ${group.size}`.execute(db);
    }
    for (const member of CARE_TEAMS) {
      await sql`insert into care_team_members (patient_id, tenant_id, practitioner_id, role, start_date)
        select p.id, p.tenant_id, u.id, ${member.role}, coalesce(p.enrolled_on, p.created_at)::date
        from (select id, tenant_id, enrolled_on, created_at, row_number() over (order by id) as n from patients
              where tenant_id = ${tenant.id} and patient_status = any(${[...member.statuses]}::text[])) p
        join users u on u.email = ${member.email.replace('{slug}', slug)}
        where p.n % ${member.every} = ${member.at}`.execute(db);
    }
    await sql`insert into care_team_members (patient_id, tenant_id, practitioner_id, role, start_date)
      select p.id, p.tenant_id, p.billing_provider_id, 'billing_provider', coalesce(p.enrolled_on, p.created_at)::date
      from patients p join users u on u.id = p.billing_provider_id
      where p.tenant_id = ${tenant.id} and p.patient_status = 'active' and u.role = 'clinician'`.execute(db);
  }
}
