import { sql, type Insertable, type Kysely } from 'kysely';
import { findCarePlanTemplate, CARE_PLAN_TEMPLATES } from '../../../domain/clinical/carePlans';
import { RXNORM_SYSTEM, SNOMED_SYSTEM } from '../../../domain/clinical/medicalHistory';
import allergens from '../../services/terminology/catalogue/snomed-allergens.json';
import medications from '../../services/terminology/catalogue/rxnorm-medications.json';
import reactions from '../../services/terminology/catalogue/snomed-reactions.json';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;

/** The diagnosis of each primary condition, a code of the loaded ICD-10-CM release (src/server/db/referenceData). */
const PRIMARY_CODES: Record<string, string> = {
  HeartFailure: 'I50.9',
  COPD: 'J44',
  Asthma: 'J45.90',
  Diabetes: 'E11.9',
  chronic_kidney_disease: 'N18',
  general: 'I10',
};
/** The medicines each primary condition's patients take, by ingredient, looked up in the bundled RxNorm catalogue. */
const REGIMENS: Record<string, string[]> = {
  HeartFailure: ['carvedilol', 'sacubitril', 'furosemide', 'spironolactone', 'dapagliflozin'],
  COPD: ['umeclidinium', 'albuterol', 'budesonide', 'ipratropium'],
  Asthma: ['fluticasone', 'albuterol', 'prednisone'],
  Diabetes: ['metformin', 'empagliflozin', 'insulin glargine', 'atorvastatin'],
  chronic_kidney_disease: ['lisinopril', 'furosemide', 'amlodipine', 'atorvastatin'],
  general: ['amlodipine', 'lisinopril', 'atorvastatin'],
};

interface CatalogueMedication {
  rxcui: string;
  name: string;
  tty: string;
  ingredient?: string;
}

/** The first clinical drug (SCD) of an ingredient in the catalogue, else any concept of it. */
function medicationFor(ingredient: string): CatalogueMedication | undefined {
  const rows = (medications as CatalogueMedication[]).filter((row) => (row.ingredient ?? row.name).toLowerCase().includes(ingredient));
  return rows.find((row) => row.tty === 'SCD' && /Oral Tablet$/.test(row.name)) ?? rows.find((row) => row.tty === 'SCD') ?? rows[0];
}

/** What one dose of the product is counted in: tablets, capsules, puffs of an inhaler, units of an injection. */
function doseUnitOf(name: string): string {
  if (/Tablet/i.test(name)) return 'tablet';
  if (/Capsule/i.test(name)) return 'capsule';
  if (/Inhal|Aerosol|Powder/i.test(name)) return 'puff';
  if (/Inject|Pen\b|Prefilled/i.test(name)) return 'unit';
  return 'dose';
}

/** The first concept whose term holds `term`, as a record keeps it: its code, term and system (not the catalogue's own fields). */
function concept(rows: { code: string; display: string }[], term: string) {
  const row = rows.find((r) => r.display.toLowerCase().includes(term));
  return row ? { code: row.code, display: row.display, system: SNOMED_SYSTEM } : undefined;
}

/**
 * The demo's medical history (issue 15): every active demo patient has the diagnosis of their primary
 * condition (and hypertension or hyperlipidaemia on some), the medicines of that condition (one recorded
 * from the provider's EHR on every fourth patient, one stopped on every fifth), an allergy on some (the
 * others keep the profile's No Known Allergies), two encounters, and a care plan from their condition's
 * template (active on two of three; an older deactivated one on every sixth). Codes come from the
 * loaded ICD-10-CM release and the bundled catalogues, never typed here. Deterministic: from the ids.
 */
export async function seedMedicalHistory(db: Kysely<DB>, anchor: Date): Promise<void> {
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id', 'p.primary_condition'])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .orderBy('p.id')
    .execute();
  const codes = new Map(
    (
      await db
        .selectFrom('icd10_codes')
        .select(['code', 'description'])
        .where('code', 'in', [...Object.values(PRIMARY_CODES), 'E78.5'])
        .execute()
    ).map((r) => [r.code, r.description]),
  );
  const day = (daysAgo: number) => new Date(anchor.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  const penicillin = concept(allergens, 'penicillin');
  const peanut = concept(allergens, 'peanut');
  const hives = concept(reactions, 'urticaria') ?? concept(reactions, 'hives');
  const rash = concept(reactions, 'rash') ?? concept(reactions, 'eruption');
  const wheeze = concept(reactions, 'wheez');

  const conditions: Insertable<DB['conditions']>[] = [];
  const statements: Insertable<DB['medication_statements']>[] = [];
  const allergies: Insertable<DB['allergy_intolerances']>[] = [];
  const encounters: Insertable<DB['encounters']>[] = [];
  const allergic: number[] = [];
  for (const patient of patients) {
    const condition = String(patient.primary_condition ?? 'general');
    const own = { tenant_id: patient.tenant_id, patient_id: patient.id };
    const diagnosis = (code: string, since: number) =>
      codes.has(code) &&
      conditions.push({ ...own, name: codes.get(code)!, status: 'active', start_date: day(since), additional_info: JSON.stringify({ icd10_id: code }) });
    diagnosis(PRIMARY_CODES[condition] ?? 'I10', 400 + (patient.id % 900));
    if (patient.id % 3 === 0 && condition !== 'general') diagnosis('I10', 700 + (patient.id % 500));
    if (patient.id % 4 === 0) diagnosis('E78.5', 300 + (patient.id % 400));

    for (const [i, ingredient] of (REGIMENS[condition] ?? REGIMENS.general!).entries()) {
      const medication = medicationFor(ingredient);
      if (!medication) continue;
      const stopped = patient.id % 5 === 0 && i === 0;
      statements.push({
        ...own,
        medication: JSON.stringify({ name: medication.name, codes: [{ code: medication.rxcui, ...RXNORM_SYSTEM }] }),
        dosage: JSON.stringify({
          dose_quantity: { value: 1, unit: doseUnitOf(medication.name) },
          timing: { frequency: i % 2 === 0 ? 1 : 2, period: 1, periodUnit: 'd' },
          ...(ingredient === 'albuterol' ? { as_needed: true } : {}),
        }),
        start_date: day(200 + ((patient.id + i * 37) % 500)),
        ...(stopped ? { status: 'stopped', update_reason: 'status-change', end_date: day(20) } : {}),
        source: patient.id % 4 === 1 && i === 1 ? 'ehr' : 'product',
      });
    }

    if (patient.id % 3 === 0 && penicillin) {
      allergic.push(patient.id);
      allergies.push({
        ...own,
        category: 'medication',
        substance: JSON.stringify(penicillin),
        reaction: JSON.stringify([hives, rash].filter(Boolean)),
        reaction_severity: 'moderate',
        onset_date: day(3000 + (patient.id % 2000)),
      });
    }
    if (patient.id % 5 === 0 && peanut) {
      allergic.push(patient.id);
      allergies.push({
        ...own,
        category: 'food',
        substance: JSON.stringify(peanut),
        reaction: JSON.stringify([wheeze, hives].filter(Boolean)),
        reaction_severity: 'severe',
        onset_date: day(5000 + (patient.id % 3000)),
      });
    }

    encounters.push(
      {
        ...own,
        start_date: day(90 + (patient.id % 30)),
        status: 'completed',
        encounter_type: 'routine_checkup',
        encounter_class: 'outpatient',
        department: 'Primary care',
        notes: 'Routine review of readings, medicines and goals.',
      },
      {
        ...own,
        start_date: day(20 + (patient.id % 10)),
        status: 'completed',
        encounter_type: 'virtual_telehealth_checkup',
        encounter_class: 'virtual',
        department: 'Remote monitoring',
        notes: 'Telehealth follow-up on out-of-range readings.',
      },
    );
    if (patient.id % 7 === 0) {
      encounters.push({
        ...own,
        start_date: day(45),
        end_date: day(44),
        status: 'discharged',
        encounter_type: 'emergency_er',
        encounter_class: 'emergency',
        department: 'Emergency',
        notes: 'Seen in the emergency department; discharged home the next day.',
      });
    }
  }
  for (let i = 0; i < conditions.length; i += 1000)
    await db
      .insertInto('conditions')
      .values(conditions.slice(i, i + 1000))
      .execute();
  for (let i = 0; i < statements.length; i += 1000)
    await db
      .insertInto('medication_statements')
      .values(statements.slice(i, i + 1000))
      .execute();
  for (let i = 0; i < allergies.length; i += 1000)
    await db
      .insertInto('allergy_intolerances')
      .values(allergies.slice(i, i + 1000))
      .execute();
  for (let i = 0; i < encounters.length; i += 1000)
    await db
      .insertInto('encounters')
      .values(encounters.slice(i, i + 1000))
      .execute();
  // Spec 001 section 4: a recorded allergy excludes No Known Allergies.
  if (allergic.length) {
    await db
      .updateTable('patients')
      .set({ profile: sql`jsonb_set(coalesce(profile, '{}'::jsonb), '{no_known_allergies}', 'false'::jsonb)` })
      .where('id', 'in', allergic)
      .execute();
  }
  await seedCarePlans(db, anchor, patients);
}

async function seedCarePlans(db: Kysely<DB>, anchor: Date, patients: { id: number; tenant_id: number; primary_condition: string | null }[]) {
  for (const patient of patients) {
    if (patient.id % 3 === 2) continue;
    const template =
      CARE_PLAN_TEMPLATES.find((t) => t.primary_condition === patient.primary_condition && t.key !== 'general-monitoring' && t.key !== 'hypertension') ??
      findCarePlanTemplate('general-monitoring')!;
    const at = (days: number) => new Date(anchor.getTime() - days * DAY_MS);
    const plans: { active: boolean; created: Date; activated: Date; deactivated?: Date }[] = [];
    if (patient.id % 6 === 0) plans.push({ active: false, created: at(400), activated: at(399), deactivated: at(120) });
    plans.push({ active: true, created: at(121), activated: at(120) });
    for (const plan of plans) {
      const row = await db
        .insertInto('care_plans')
        .values({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          care_plan_template_id: template.key,
          plan_name: template.name,
          content: JSON.stringify(template.content),
          is_active: plan.active,
          activated_at: plan.activated,
          deactivated_at: plan.deactivated ?? null,
          last_reviewed_at: plan.active ? at(30) : null,
          revision: 1,
          created_at: plan.created,
          updated_at: plan.deactivated ?? at(30),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const kinds = [
        { kind: 'created', created_at: plan.created },
        { kind: 'activated', created_at: plan.activated },
        ...(plan.deactivated ? [{ kind: 'deactivated', created_at: plan.deactivated }] : [{ kind: 'reviewed', created_at: at(30) }]),
      ];
      await db
        .insertInto('care_plan_revisions')
        .values(
          kinds.map((k) => ({
            care_plan_id: row.id,
            revision: 1,
            kind: k.kind,
            plan_name: template.name,
            content: JSON.stringify(template.content),
            created_at: k.created_at,
          })),
        )
        .execute();
    }
    await db
      .updateTable('patients')
      .set({ care_plan_last_reviewed: at(30) })
      .where('id', '=', patient.id)
      .execute();
  }
}
