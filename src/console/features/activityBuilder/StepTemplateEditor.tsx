import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  DEFAULT_ACTIVITY_CONFIG,
  MONITORING_TYPES,
  type ActivityData,
  type ActivityItem,
  type ActivityTemplate,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import { useNavigationBlocker } from '../../navigation/useNavigationBlocker';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useScreenScope } from '../../renderer/scopeContext';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { useNotify } from '../../renderer/skin/toasts';
import { Button } from '../../ui/Button';
import { monitoringTypeLabel } from '../activities/activityFormat';
import { BUILDER_TEXTS } from './builderTexts';
import { EditorHeader } from './EditorHeader';
import { CheckboxGroup, CheckboxInput, FieldErrorsProvider, FormSection, NumberInput, TextInput } from './fields';
import { ItemEditor } from './ItemEditor';
import { ReferenceBar } from './ReferenceBar';
import { useListKeys } from './useListKeys';
import { useStableValue } from './useStableValue';
import { emptyStep, moveEntry, newItem, serverFieldErrors, stepBody, stepDraftOf, stepErrorsOf, type StepDraft } from './stepForm';
import { TemplatePreview } from './TemplatePreview';
import { useDraftForm } from './useDraftForm';
import { failedBody, useStepTemplate, useTemplateWrites } from './useTemplateCalls';

/** The route's id: a number, or `create` for a new template. */
export const idOfRoute = (id: string | undefined) => (id === undefined || id === 'create' ? undefined : id);

/**
 * The step template editor (spec 002 sections 2, 3, 5, 9): /clinical-activities/step/create and
 * /clinical-activities/step/{id}. A new template or a draft is edited and saved (POST or PUT
 * step-templates); a published version is shown read only with Clone. Beside the form on a wide
 * screen (under it otherwise: the runner has a column of steps of its own) the live preview runs the
 * step in the real runner.
 */
export function StepTemplateEditorWidget() {
  const id = idOfRoute(useScreenScope().params.id);
  // A new id (after a save or a clone) is another template: the form starts again from it.
  return <StepTemplateRoute key={id ?? 'new'} id={id} />;
}

function StepTemplateRoute({ id }: { id: string | undefined }) {
  const record = useStepTemplate(id);
  if (id === undefined) return <StepEditor record={undefined} />;
  if (record.isPending) return <Loading />;
  if (record.isError) return <ErrorMessage error={record.error} onRetry={() => void record.refetch()} />;
  return <StepEditor record={record.data} />;
}

/** The step alone as an activity, for the runner's preview: items without an id (being typed) are left out, and a repeated id shows once. */
export function stepPreviewTemplate(draft: StepDraft, record: StepTemplate | undefined): ActivityTemplate {
  const body = stepBody(draft);
  const seen = new Set<string>();
  const items = body.activity_items_json.filter((item) => item.item_id !== '' && !seen.has(item.item_id) && seen.add(item.item_id));
  const stepTemplate: StepTemplate = {
    id: record?.id ?? 0,
    step_template_family_id: record?.step_template_family_id ?? 0,
    version_number: record?.version_number ?? 1,
    is_draft: record?.is_draft ?? true,
    is_latest: record?.is_latest ?? true,
    ...body,
    step_key: body.step_key || 'step',
    step_title: body.step_title || 'Untitled step',
    activity_items_json: items,
  };
  return {
    id: 0,
    activity_template_family_id: 0,
    version_number: 1,
    is_draft: true,
    is_latest: true,
    is_enabled: true,
    activity_title: stepTemplate.step_title,
    activity_description: null,
    estimated_duration: null,
    activity_config_json: DEFAULT_ACTIVITY_CONFIG,
    activity_template_steps: [{ step_number: 1, step_template_id: stepTemplate.id, step_template: stepTemplate }],
  };
}

function StepEditor({ record }: { record: StepTemplate | undefined }) {
  const { permissions } = useScreenEnvironment();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useDraftForm<StepDraft>(record ? stepDraftOf(record) : emptyStep(), stepBody, stepErrorsOf);
  const { draft, setDraft } = form;
  const writes = useTemplateWrites('step');
  const readOnly = record !== undefined && !record.is_draft;
  const leave = useNavigationBlocker(form.dirty && !readOnly);
  const [previewData, setPreviewData] = useState<Partial<ActivityData>>({});
  const [round, setRound] = useState(0);
  const previewTemplate = useStableValue(stepPreviewTemplate(draft, record));

  const itemKeys = useListKeys(draft.activity_items_json.length);
  const set = (change: Partial<StepDraft>) => setDraft({ ...draft, ...change });
  const items = draft.activity_items_json;
  const setItems = (next: ActivityItem[]) => set({ activity_items_json: next });
  const open = (id: number) => leave(() => navigate(`/clinical-activities/step/${id}`, { replace: record === undefined }));

  const save = () => {
    if (!form.trySave()) return;
    const sent = draft;
    writes.save.mutate(
      { id: record?.id, body: stepBody(sent) },
      {
        onSuccess: (saved) => {
          form.markSaved(sent);
          if (record === undefined) open(saved.id);
        },
        onError: (error) => form.refused(serverFieldErrors(failedBody(error))),
      },
    );
  };

  return (
    <div className="space-y-4">
      <EditorHeader
        noun="Step template"
        record={record}
        dirty={form.dirty}
        busy={writes.save.isPending || writes.clone.isPending || writes.promote.isPending}
        canCreate={permissions['clinical_activity_templates.create'] !== undefined}
        canUpdate={permissions['clinical_activity_templates.update'] !== undefined}
        onSave={save}
        onPromote={() => record && writes.promote.mutate(record.id)}
        onClone={() => record && writes.clone.mutate(record.id, { onSuccess: (clone) => open(clone.id) })}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <FieldErrorsProvider value={{ errors: form.errors, shown: form.shown }}>
          <form
            ref={form.formRef}
            aria-label="Step template"
            noValidate
            onBlur={form.onBlur}
            onSubmit={(event) => {
              event.preventDefault();
              if (!readOnly) save();
            }}
          >
            <fieldset disabled={readOnly} className="min-w-0 space-y-6">
              <FormSection title="Step">
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <TextInput
                    label="Step key"
                    path={['step_key']}
                    value={draft.step_key}
                    onChange={(step_key) => set({ step_key })}
                    hint={BUILDER_TEXTS.keyHint}
                  />
                  <TextInput label="Title" path={['step_title']} value={draft.step_title} onChange={(step_title) => set({ step_title })} />
                  <TextInput
                    label="Description"
                    path={['step_description']}
                    value={draft.step_description}
                    multiline
                    onChange={(step_description) => set({ step_description })}
                    className="sm:col-span-2"
                  />
                </div>
              </FormSection>

              <FormSection title="Expected time" description="In seconds. A time taken more than 30 s outside the range asks for a reason.">
                <div className="grid grid-cols-2 gap-3">
                  <NumberInput
                    label="Minimum (seconds)"
                    path={['expected_time_range', 'min']}
                    value={draft.expected_time_range.min}
                    min={0}
                    onChange={(min) => set({ expected_time_range: { ...draft.expected_time_range, min } })}
                  />
                  <NumberInput
                    label="Maximum (seconds)"
                    path={['expected_time_range', 'max']}
                    value={draft.expected_time_range.max}
                    min={0}
                    onChange={(max) => set({ expected_time_range: { ...draft.expected_time_range, max } })}
                  />
                </div>
                <ReferenceBar min={draft.expected_time_range.min} max={draft.expected_time_range.max} />
              </FormSection>

              <FormSection title="Monitoring">
                <CheckboxInput
                  label="Create a note"
                  checked={draft.monitoring_activity_rules.create_note}
                  hint="The step's answers and time become a monitoring note when the activity is completed."
                  onChange={(create_note) => set({ monitoring_activity_rules: { ...draft.monitoring_activity_rules, create_note } })}
                />
                <CheckboxGroup
                  legend="Monitoring types"
                  hint={BUILDER_TEXTS.noMonitoringTypes}
                  values={draft.monitoring_activity_rules.monitoring_types}
                  choices={MONITORING_TYPES.map((type) => ({ value: type, label: monitoringTypeLabel(type) }))}
                  onChange={(monitoring_types) => set({ monitoring_activity_rules: { ...draft.monitoring_activity_rules, monitoring_types } })}
                />
              </FormSection>

              <FormSection title="Items">
                {items.length === 0 && <p className="text-sm text-slate-600">No items yet.</p>}
                {items.map((_, index) => (
                  <ItemEditor
                    key={itemKeys.keys[index] ?? `extra-${index}`}
                    items={items}
                    index={index}
                    onChange={setItems}
                    onMove={(delta) => {
                      setItems(moveEntry(items, index, delta));
                      itemKeys.move(index, delta);
                    }}
                    onRemove={() => {
                      setItems(items.filter((__, i) => i !== index));
                      itemKeys.remove(index);
                    }}
                    readOnly={readOnly}
                  />
                ))}
                {!readOnly && (
                  <Button
                    onClick={() => {
                      setItems([...items, newItem()]);
                      itemKeys.add();
                    }}
                  >
                    Add item
                  </Button>
                )}
              </FormSection>
            </fieldset>
          </form>
        </FieldErrorsProvider>
        <aside aria-label="Live preview" className="min-w-0 self-start rounded-md border border-slate-200 p-3 xl:sticky xl:top-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Live preview</h3>
          <TemplatePreview
            template={previewTemplate}
            data={previewData}
            round={round}
            onChange={setPreviewData}
            onRestart={() => {
              setPreviewData({});
              setRound((n) => n + 1);
            }}
            onSubmit={() => {
              notify('Preview complete: nothing is saved');
              return Promise.resolve();
            }}
          />
        </aside>
      </div>
    </div>
  );
}
