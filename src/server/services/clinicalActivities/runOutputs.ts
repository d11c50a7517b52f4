import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { previewNotes, requestedResources, type ActivityData, type RequestedResource, type RunSteps } from '../../../domain/clinicalActivities';
import { CARE_PLAN_NAME_MAX, CARE_PLAN_TEMPLATES, findCarePlanTemplate } from '../../../domain/clinical/carePlans';
import { TITLE_MIN_LENGTH } from '../../../domain/tasks';
import { addDays, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { encounters } from '../../resources/definitions/medicalHistory';
import { monitoringActivities } from '../../resources/definitions/monitoringActivities';
import { tasks } from '../../resources/definitions/tasks';
import { createCarePlan } from '../medicalHistory/carePlans';
import { createThrough, deleteThrough } from './engineWrites';

/**
 * What a run writes besides itself (domain notes.ts; README "Decisions" of
 * src/domain/clinicalActivities): its monitoring notes, once it is complete, and the records its
 * answers ask for, on completion. Each names the run (`clinical_activity_instance_id`) and is written
 * through its own resource's rules, audit and derived data (engineWrites.ts).
 */

interface Context {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
}

/** A note's text as the note form takes it (monitoringActivity.ts: at most 10,000 characters). */
const NOTE_TEXT_MAX = 10_000;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The notes of a complete run (domain previewNotes, with the reviewer's overrides in `data`): one
 * monitoring activity each, dated when the run was completed, for the run's clinician; a note of 0
 * seconds is written too (it documents the step). The note's resource refreshes the month's services.
 */
export async function writeRunNotes(context: Context, run: Values, steps: RunSteps, data: Partial<ActivityData>, consolidate: boolean): Promise<void> {
  for (const note of previewNotes(String(run.title), steps, data, consolidate)) {
    await createThrough(context, monitoringActivities, {
      patient_id: run.patient_id,
      ...(typeof run.practitioner_id === 'number' ? { practitioner_id: run.practitioner_id } : {}),
      type: note.monitoring_activity_type,
      description: clip(note.notes, NOTE_TEXT_MAX),
      duration: note.duration,
      reviewed_on: run.completed_at,
      clinical_activity_instance_id: run.id,
    });
  }
}

/** Deletes the notes a run wrote (its care time goes with it; the months' services are refreshed by the note's resource). */
export async function deleteRunNotes(context: Context, runId: number): Promise<void> {
  const notes = await context.trx.selectFrom('monitoring_activities').selectAll().where('clinical_activity_instance_id', '=', runId).execute();
  for (const note of notes) await deleteThrough(context, monitoringActivities, note);
}

/** A task's title: the display text, led by the activity's title when shorter than a task title may be (spec 001 section 5: 10 characters). */
function taskTitle(text: string, activityTitle: string): string {
  const title = text.trim().length >= TITLE_MIN_LENGTH ? text.trim() : `${activityTitle}: ${text.trim()}`;
  return clip(title, 200);
}

/** The care plan template of the patient's primary condition (general monitoring when none matches). */
function carePlanTemplateFor(primaryCondition: string | null) {
  const general = findCarePlanTemplate('general-monitoring')!;
  if (!primaryCondition || primaryCondition === 'general') return general;
  return CARE_PLAN_TEMPLATES.find((template) => template.primary_condition === primaryCondition) ?? general;
}

/**
 * The records the answers ask for (domain requestedResources; README "Records asked for"): tasks an
 * open task for the clinician due the next day in the provider's zone; encounters a planned
 * virtual follow-up the next day; care_plans an inactive care plan from the condition's template;
 * assessments an open task asking for the assessment. The reference item's answer is the details.
 */
export async function createRequestedRecords(
  context: Context,
  run: Values,
  steps: RunSteps,
  data: Partial<ActivityData>,
  patient: { primary_condition: string | null; timezone: string },
  completedAt: Date,
): Promise<void> {
  const nextDay = addDays(zonedDay(completedAt, patient.timezone), 1);
  const title = String(run.title);
  const described = (request: RequestedResource) => [request.details, `From the clinical activity ${title}`].filter(Boolean).join('\n');
  for (const request of requestedResources(steps, data)) {
    switch (request.resource_type) {
      case 'tasks':
      case 'assessments': {
        const text = request.resource_type === 'assessments' ? `Complete the assessment ${request.display_text.trim()}` : request.display_text;
        await createThrough(context, tasks, {
          patient_id: run.patient_id,
          title: taskTitle(text, title),
          description: clip(described(request), 5000),
          due_on: nextDay,
          assigned_to_id: run.practitioner_id ?? null,
          clinical_activity_instance_id: run.id,
        });
        break;
      }
      case 'encounters':
        await createThrough(context, encounters, {
          patient_id: run.patient_id,
          encounter_type: 'follow_up_visit',
          encounter_class: 'virtual',
          status: 'planned',
          start_date: nextDay,
          notes: clip([request.display_text.trim(), request.details].filter(Boolean).join('\n'), 4000),
          clinical_activity_instance_id: run.id,
        });
        break;
      case 'care_plans': {
        const template = carePlanTemplateFor(patient.primary_condition);
        const plan = await createCarePlan(context, {
          patient_id: run.patient_id as number,
          care_plan_template_id: template.key,
          plan_name: clip(request.display_text.trim() || template.name, CARE_PLAN_NAME_MAX),
        });
        await context.trx
          .updateTable('care_plans')
          .set({ clinical_activity_instance_id: run.id as number })
          .where('id', '=', plan.id as number)
          .execute();
        break;
      }
    }
  }
}
