import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatReading, MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import { timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { ErrorMessage } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { ChartReading } from './chartAnswer';
import {
  annotationPayload,
  annotationTypeChoices,
  EMPTY_DRAFT,
  reasonChoices,
  validateAnnotation,
  withType,
  type AnnotationDraft,
  type AnnotationErrors,
} from './annotationForm';
import { useAnnotationActions } from './useAnnotationActions';

interface AnnotationFormProps {
  patientId: string | number;
  measure: ChartMeasure;
  reading: ChartReading;
  onClose: () => void;
}

/** A field's label, control and message under it ('Required'), the message being the control's description. */
function Field({ label, error, errorId, children }: { label: ReactNode; error: string | undefined; errorId: string; children: ReactNode }) {
  return (
    <div>
      {label}
      {children}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const LABEL = 'block text-sm font-medium text-slate-800';

/**
 * The annotation form of a reading (spec 001 sections 4 and 5), in a dialog over the chart's: a flag
 * or a note, its reason, the note, and for a flag an optional new value (blood pressure: systolic and
 * diastolic) at which the reading is charted. Type, reason and note are required, each saying so
 * under it once Save was pressed; the server's refusal shows above the buttons. Saving toasts and
 * refreshes the chart and the record.
 */
export function AnnotationForm({ patientId, measure, reading, onClose }: AnnotationFormProps) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const { annotate } = useAnnotationActions(patientId);
  const [draft, setDraft] = useState<AnnotationDraft>(EMPTY_DRAFT);
  const [tried, setTried] = useState(false);
  const ids = { type: useId(), reason: useId(), note: useId(), newValue: useId(), newValue2: useId() };
  const errors: AnnotationErrors = tried ? validateAnnotation(draft, measure) : {};
  const isBloodPressure = measure === 'blood_pressure';
  const unit = MEASURE_INFO[measure].unit;
  const described = (field: keyof AnnotationDraft) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids[field]}-error` } : {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (draft.type === '' || Object.keys(validateAnnotation(draft, measure)).length > 0) return;
    annotate.mutate(annotationPayload(reading.id, { ...draft, type: draft.type }, measure), { onSuccess: onClose });
  };

  return (
    <Modal open title="Annotate reading" onClose={annotate.isPending ? undefined : onClose}>
      <p className="mb-4 text-sm text-slate-600">
        {MEASURE_INFO[measure].label} {formatReading(measure, reading.y, reading.y2)} {unit}, {formatDateTime(reading.x, timeZone)}
      </p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset aria-describedby={errors.type ? `${ids.type}-error` : undefined}>
          <legend className={LABEL}>
            Type <span aria-hidden="true">*</span>
          </legend>
          <div className="mt-1 flex gap-4">
            {annotationTypeChoices.map((choice) => (
              <label key={choice.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={ids.type}
                  value={choice.value}
                  required
                  checked={draft.type === choice.value}
                  onChange={() => setDraft(withType(draft, choice.value))}
                  className="size-4 border-slate-300 text-blue-700"
                />
                {choice.label}
              </label>
            ))}
          </div>
          {errors.type && (
            <p id={`${ids.type}-error`} className="mt-1 text-xs text-red-700">
              {errors.type}
            </p>
          )}
        </fieldset>

        <Field
          error={errors.reason}
          errorId={`${ids.reason}-error`}
          label={
            <label htmlFor={ids.reason} className={LABEL}>
              Reason <span aria-hidden="true">*</span>
            </label>
          }
        >
          <select
            id={ids.reason}
            required
            className={`${INPUT_CLASSES} mt-1`}
            value={draft.reason}
            onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
            {...described('reason')}
          >
            <option value="">{draft.type === '' ? 'Choose a type first' : 'Choose a reason'}</option>
            {draft.type !== '' &&
              reasonChoices(draft.type).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
          </select>
        </Field>

        <Field
          error={errors.note}
          errorId={`${ids.note}-error`}
          label={
            <label htmlFor={ids.note} className={LABEL}>
              Note <span aria-hidden="true">*</span>
            </label>
          }
        >
          <textarea
            id={ids.note}
            required
            rows={3}
            className={`${INPUT_CLASSES} mt-1`}
            value={draft.note}
            onChange={(event) => setDraft({ ...draft, note: event.target.value })}
            {...described('note')}
          />
        </Field>

        {draft.type === 'flag' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              error={errors.newValue}
              errorId={`${ids.newValue}-error`}
              label={
                <label htmlFor={ids.newValue} className={LABEL}>
                  {isBloodPressure ? 'New systolic' : 'New value'} <span className="font-normal text-slate-500">(optional, {unit})</span>
                </label>
              }
            >
              <input
                id={ids.newValue}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                className={`${INPUT_CLASSES} mt-1`}
                value={draft.newValue}
                onChange={(event) => setDraft({ ...draft, newValue: event.target.value })}
                {...described('newValue')}
              />
            </Field>
            {isBloodPressure && (
              <Field
                error={errors.newValue2}
                errorId={`${ids.newValue2}-error`}
                label={
                  <label htmlFor={ids.newValue2} className={LABEL}>
                    New diastolic <span className="font-normal text-slate-500">(optional, {unit})</span>
                  </label>
                }
              >
                <input
                  id={ids.newValue2}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  className={`${INPUT_CLASSES} mt-1`}
                  value={draft.newValue2}
                  onChange={(event) => setDraft({ ...draft, newValue2: event.target.value })}
                  {...described('newValue2')}
                />
              </Field>
            )}
          </div>
        )}

        {annotate.error && <ErrorMessage error={annotate.error} />}

        <div className="flex justify-end gap-2">
          <Button onClick={onClose} disabled={annotate.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={annotate.isPending}>
            {annotate.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
