import { BOOLEAN_ITEM_TYPES, DEFAULT_NOTE_TYPE } from './catalog';
import { enabledItems, isAnswered, stepSeconds } from './runner';
import type { ActivityData, ActivityItem, Answer, PreviewNote, ResourceCreation, RunSteps } from './types';

/**
 * What a completed activity writes (spec 001 section 3; 002 section 3 "Preview notes"): the
 * monitoring notes of its steps and the records its items ask for. POST activity-templates/{id}/
 * preview-notes and the completion on the server run the same functions, so the builder's Output
 * tab shows exactly the notes a run would write.
 */

/** An answer in words: Yes/No, Done/Not done, option names, numbers with their unit. */
export function answerText(item: ActivityItem, answer: Answer): string {
  if (typeof answer === 'boolean') return item.type === 'checklist' ? (answer ? 'Done' : 'Not done') : answer ? 'Yes' : 'No';
  const name = (id: string) => item.options?.find((o) => o.id === id)?.name ?? id;
  if (Array.isArray(answer)) return answer.map(name).join(', ');
  if (item.type === 'dropdown') return name(String(answer));
  if ((item.type === 'number' || item.type === 'scale') && item.unit) return `${String(answer)} ${item.unit}`;
  return String(answer ?? '');
}

/**
 * The notes of a run: for each step whose rules create a note, one note per monitoring type (a note
 * of type `note` when none), its text the activity and step titles, each enabled answered item as
 * "question: answer", and the step's additional notes. A step's time (the reviewer's override, else
 * its time taken) is counted once: split across its types in whole seconds, the remainder to the
 * first. With consolidate_monitoring_activity, notes of one type become one note (times added).
 */
export function previewNotes(activityTitle: string, steps: RunSteps, data: Partial<ActivityData>, consolidate: boolean): PreviewNote[] {
  const notes: PreviewNote[] = [];
  for (const step of steps) {
    const rules = step.monitoring_activity_rules;
    if (!rules?.create_note) continue;
    const stepData = data[step.step_key];
    const answers = stepData?.answers ?? {};
    const lines = [`${activityTitle}: ${step.step_title}`];
    for (const item of enabledItems(step.activity_items_json, answers)) {
      const answer = answers[item.item_id];
      if (isAnswered(answer)) lines.push(`${item.text}: ${answerText(item, answer)}`);
    }
    if (isAnswered(stepData?.additional_notes)) lines.push(`Notes: ${String(stepData!.additional_notes).trim()}`);
    if (isAnswered(stepData?.time_taken_out_of_range_reason))
      lines.push(`Time outside the expected range: ${String(stepData!.time_taken_out_of_range_reason).trim()}`);
    const types = rules.monitoring_types.length > 0 ? rules.monitoring_types : [DEFAULT_NOTE_TYPE];
    const seconds = stepSeconds(step.step_key, data);
    const share = Math.floor(seconds / types.length);
    types.forEach((type, index) => {
      notes.push({
        id: `${step.step_key}:${type}`,
        duration: index === 0 ? seconds - share * (types.length - 1) : share,
        monitoring_activity_type: type,
        notes: lines.join('\n'),
      });
    });
  }
  if (!consolidate) return notes;
  const byType = new Map<string, PreviewNote>();
  for (const note of notes) {
    const kept = byType.get(note.monitoring_activity_type);
    if (!kept) byType.set(note.monitoring_activity_type, { ...note, id: note.monitoring_activity_type });
    else {
      kept.duration += note.duration;
      kept.notes = `${kept.notes}\n\n${note.notes}`;
    }
  }
  return [...byType.values()];
}

/** A record a run asks for: the item's resource creation, with the step and the text of its reference item's answer. */
export interface RequestedResource extends ResourceCreation {
  step_key: string;
  item_id: string;
  details: string | null;
}

/** The records a run creates: each enabled boolean item whose resource creation triggers on its answer (true or false). */
export function requestedResources(steps: RunSteps, data: Partial<ActivityData>): RequestedResource[] {
  const requested: RequestedResource[] = [];
  for (const step of steps) {
    const answers = data[step.step_key]?.answers ?? {};
    for (const item of enabledItems(step.activity_items_json, answers)) {
      const creation = item.resource_creation;
      if (!creation || !BOOLEAN_ITEM_TYPES.includes(item.type)) continue;
      if (typeof answers[item.item_id] !== 'boolean' || answers[item.item_id] !== creation.value) continue;
      const reference = step.activity_items_json.find((other) => other.item_id === creation.reference_field);
      const referenceAnswer = reference ? answers[reference.item_id] : undefined;
      requested.push({
        ...creation,
        step_key: step.step_key,
        item_id: item.item_id,
        details: reference && isAnswered(referenceAnswer) ? `${reference.text}: ${answerText(reference, referenceAnswer)}` : null,
      });
    }
  }
  return requested;
}
