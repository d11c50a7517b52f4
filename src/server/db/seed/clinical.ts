import { sql, type Kysely } from 'kysely';
import { questionnairesFor, scoreResponse } from '../../../domain/clinical/questionnaires';
import { SYMPTOMS } from '../../../domain/clinical/symptoms';
import { triageLabel } from '../../../domain/clinical/triage';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;

/**
 * The demo's clinical record (issue 14): the demo providers enable AI summaries; patients with a
 * respiratory or heart condition report symptoms on some days of the last 30 (a few severe), every
 * fourth demo patient has assessment runs (one entered in error on every eighth), and the highest
 * reading of every fifth patient's measures is flagged as an outlier, every seventh's noted, so that
 * every card, chart, band and tier shows on some patient. Deterministic: from the patient ids.
 */
export async function seedClinical(db: Kysely<DB>, anchor: Date): Promise<void> {
  await db
    .updateTable('tenants')
    .set({ llm_summary_enabled: true })
    .where(sql<boolean>`slug not like 'scale-%'`)
    .execute();
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id', 'p.primary_condition'])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .orderBy('p.id')
    .execute();
  const symptoms: { tenant_id: number; patient_id: number; name: string; category: 'survey'; source: 'patient'; timestamp: Date; value: number }[] = [];
  for (const patient of patients) {
    if (!['HeartFailure', 'COPD', 'Asthma'].includes(String(patient.primary_condition)) || patient.id % 2 !== 0) continue;
    for (let day = 0; day < 30; day++) {
      if ((patient.id + day) % 3 !== 0) continue;
      for (const [i, symptom] of SYMPTOMS.slice(0, 4).entries()) {
        if ((patient.id + day + i) % 4 === 0) continue;
        // Worse on recent days for some patients, so the bands and the risk vary.
        const severity = Math.min(10, 1 + ((patient.id * 7 + day * 3 + i * 5) % 6) + (day < 5 && patient.id % 3 === 0 ? 4 : 0));
        symptoms.push({
          tenant_id: patient.tenant_id,
          patient_id: patient.id,
          name: symptom.name,
          category: 'survey',
          source: 'patient',
          timestamp: new Date(anchor.getTime() - day * DAY_MS + 9 * 3_600_000),
          value: severity,
        });
      }
    }
  }
  for (let i = 0; i < symptoms.length; i += 1000)
    await db
      .insertInto('observations')
      .values(symptoms.slice(i, i + 1000))
      .execute();

  const author = await db.selectFrom('users').select(['id', 'full_name']).where('email', '=', 'clinician@northwind.demo.example').executeTakeFirst();
  for (const patient of patients.filter((p) => p.id % 4 === 0)) {
    const offered = questionnairesFor(patient.primary_condition);
    for (const [n, questionnaire] of offered.slice(0, 2).entries()) {
      for (let run = 0; run < 3; run++) {
        // Answers from the patient id: choices cycle through their options, booleans alternate, integers take their minimum.
        const answers: Record<string, unknown> = Object.fromEntries(
          questionnaire.items.map((item, k): [string, unknown] => {
            const seed = patient.id + run * 3 + k + n;
            if (item.type === 'choice') {
              const options = item.options ?? [];
              return [item.linkId, options[seed % Math.max(1, Math.min(options.length, 3))]?.value ?? 0];
            }
            if (item.type === 'boolean') return [item.linkId, seed % 5 === 0];
            return [item.linkId, item.min ?? 0];
          }),
        );
        const scored = scoreResponse(questionnaire, answers);
        await db
          .insertInto('assessment_runs')
          .values({
            tenant_id: patient.tenant_id,
            patient_id: patient.id,
            workflow_name: questionnaire.id,
            name: questionnaire.title,
            category: questionnaire.category,
            result: JSON.stringify({ ...scored, triage_label: triageLabel(scored.triage) }),
            predictions: JSON.stringify([]),
            questionnaire: JSON.stringify({ id: questionnaire.id, version: questionnaire.version, title: questionnaire.title, source: questionnaire.source }),
            questionnaire_response: JSON.stringify({ answers }),
            author_id: author?.id ?? null,
            author_name: author?.full_name ?? null,
            created_at: new Date(anchor.getTime() - (run * 9 + n * 2 + 1) * DAY_MS),
            ...(patient.id % 8 === 0 && run === 2
              ? { status: 'entered-in-error', entered_in_error_at: anchor, entered_in_error_by_id: author?.id ?? null }
              : {}),
          })
          .execute();
      }
    }
  }

  // Flag the highest reading of each measure of every fifth patient as an outlier; note every seventh's.
  await sql`
    insert into observation_annotations (tenant_id, patient_id, observation_id, annotation_type, annotation_reason, note, author_id, author_name)
    select distinct on (o.patient_id, o.name) o.tenant_id, o.patient_id, o.id,
      case when o.patient_id % 5 = 0 then 'flag' else 'note' end,
      case when o.patient_id % 5 = 0 then 'outlier' else 'context_info' end,
      case when o.patient_id % 5 = 0 then 'Reading taken right after exercise' else 'Patient reported a missed dose that morning' end,
      ${author?.id ?? null}, ${author?.full_name ?? null}
    from observations o
    join tenants t on t.id = o.tenant_id and t.slug not like 'scale-%'
    where o.category = 'vital-signs' and (o.patient_id % 5 = 0 or o.patient_id % 7 = 0)
    order by o.patient_id, o.name, o.value desc, o.id`.execute(db);
}
