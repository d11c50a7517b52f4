import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import type { Caller } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { visibleRows } from '../../resources/recordQuery';

/** What the clinical record's services need of the patient: its provider, the provider's time zone and limits, the condition. */
export interface ClinicalPatient {
  id: number;
  tenant_id: number;
  primary_condition: string | null;
  timeZone: string;
  care_plan: unknown;
  providerSettings: unknown;
  llm_summary_enabled: boolean;
}

/**
 * The patient of a clinical record call as the caller may read it (the caller's scope for the
 * call's key, through the patients resource's visibility), else 404 'Not found': another provider's
 * patient answers exactly like no patient.
 */
export async function clinicalPatient(db: Kysely<DB>, caller: Caller, patientId: number): Promise<ClinicalPatient> {
  const row = await visibleRows(db, patients, caller.access, (eb) => eb('t.id', '=', patientId))
    .innerJoin('tenants as tn', 'tn.id', 't.tenant_id')
    .select(['t.id', 't.tenant_id', 't.primary_condition', 't.care_plan', 'tn.timezone', 'tn.settings', 'tn.llm_summary_enabled'])
    .executeTakeFirst();
  if (!row) throw notFound();
  const r = row as Record<string, unknown>;
  return {
    id: r.id as number,
    tenant_id: r.tenant_id as number,
    primary_condition: (r.primary_condition as string | null) ?? null,
    timeZone: (r.timezone as string | null) ?? 'UTC',
    care_plan: r.care_plan,
    providerSettings: r.settings,
    llm_summary_enabled: r.llm_summary_enabled === true,
  };
}
