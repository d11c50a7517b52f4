import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ActivityData, ActivityTemplate, StepTemplate } from '../../../domain/clinicalActivities';
import { useNavigationBlocker } from '../../navigation/useNavigationBlocker';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useScreenScope } from '../../renderer/scopeContext';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { TAB_CLASSES } from '../../renderer/skin/tabClasses';
import { useNotify } from '../../renderer/skin/toasts';
import { Notice } from '../../ui/Notice';
import { ActivityConfigFields } from './ActivityConfigFields';
import { activityBody, activityDraftOf, activityErrorsOf, emptyActivity, type ActivityDraft } from './activityForm';
import { ActivityStepsField } from './ActivityStepsField';
import { EditorHeader } from './EditorHeader';
import { CheckboxInput, FieldErrorsProvider, FormSection, NumberInput, TextInput } from './fields';
import { PreviewNotesPanel } from './PreviewNotesPanel';
import { serverFieldErrors } from './stepForm';
import { idOfRoute } from './StepTemplateEditor';
import { TemplatePreview } from './TemplatePreview';
import { useDraftForm } from './useDraftForm';
import { useListKeys } from './useListKeys';
import { useStableValue } from './useStableValue';
import { failedBody, useActivityTemplate, useEnableActivity, useStepTemplatesById, useTemplateWrites } from './useTemplateCalls';

/**
 * The activity template editor (spec 002 sections 2 to 9): /clinical-activities/activity/create and
 * /clinical-activities/activity/{id}, in three tabs: Edit (the fields, the steps, the configuration),
 * Preview (the real runner over the chosen steps, nothing saved) and Output (the notes the preview's
 * answers would write). Save, Promote and Clone as the template's state allows; a published version is
 * read only.
 */
export function ActivityTemplateEditorWidget() {
  const id = idOfRoute(useScreenScope().params.id);
  return <ActivityTemplateRoute key={id ?? 'new'} id={id} />;
}

function ActivityTemplateRoute({ id }: { id: string | undefined }) {
  const record = useActivityTemplate(id);
  if (id === undefined) return <ActivityEditor record={undefined} />;
  if (record.isPending) return <Loading />;
  if (record.isError) return <ErrorMessage error={record.error} onRetry={() => void record.refetch()} />;
  return <ActivityEditor record={record.data} />;
}

const TABS = ['Edit', 'Preview', 'Output'] as const;

function ActivityEditor({ record }: { record: ActivityTemplate | undefined }) {
  const { permissions } = useScreenEnvironment();
  const [, navigate] = useLocation();
  const notify = useNotify();
  const form = useDraftForm<ActivityDraft>(record ? activityDraftOf(record) : emptyActivity(), activityBody, activityErrorsOf);
  const { draft, setDraft } = form;
  const writes = useTemplateWrites('activity');
  const enable = useEnableActivity();
  const stepKeys = useListKeys(draft.steps.length);
  const readOnly = record !== undefined && !record.is_draft;
  const leave = useNavigationBlocker(form.dirty && !readOnly);
  const [tab, setTab] = useState(0);
  const [previewData, setPreviewData] = useState<Partial<ActivityData>>({});
  const [round, setRound] = useState(0);

  const set = (change: Partial<ActivityDraft>) => setDraft({ ...draft, ...change });
  const open = (id: number) => leave(() => navigate(`/clinical-activities/activity/${id}`, { replace: record === undefined }));
  const canUpdate = permissions['clinical_activity_templates.update'] !== undefined;

  const save = () => {
    if (!form.trySave()) {
      setTab(0);
      return;
    }
    const sent = draft;
    writes.save.mutate(
      { id: record?.id, body: activityBody(sent) },
      {
        onSuccess: (saved) => {
          form.markSaved(sent);
          if (record === undefined) open(saved.id);
        },
        onError: (error) => {
          setTab(0);
          form.refused(serverFieldErrors(failedBody(error)));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <EditorHeader
        noun="Activity template"
        record={record}
        dirty={form.dirty}
        busy={writes.save.isPending || writes.clone.isPending || writes.promote.isPending}
        canCreate={permissions['clinical_activity_templates.create'] !== undefined}
        canUpdate={canUpdate}
        onSave={save}
        onPromote={() => record && writes.promote.mutate(record.id)}
        onClone={() => record && writes.clone.mutate(record.id, { onSuccess: (clone) => open(clone.id) })}
      >
        {readOnly && canUpdate && (
          <CheckboxInput
            label="Enabled"
            checked={record.is_enabled}
            disabled={enable.isPending}
            onChange={(enabled) => enable.mutate({ template: record, enabled })}
          />
        )}
      </EditorHeader>
      <TabGroup selectedIndex={tab} onChange={setTab}>
        <TabList className="mb-4 flex gap-1 border-b border-slate-200">
          {TABS.map((label) => (
            <Tab key={label} className={`${TAB_CLASSES} px-3 py-2`}>
              {label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel unmount={false}>
            <FieldErrorsProvider value={{ errors: form.errors, shown: form.shown }}>
              <form
                ref={form.formRef}
                aria-label="Activity template"
                noValidate
                onBlur={form.onBlur}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!readOnly) save();
                }}
                className="max-w-4xl"
              >
                <fieldset disabled={readOnly} className="min-w-0 space-y-6">
                  <FormSection title="Template">
                    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                      <TextInput
                        label="Title"
                        path={['activity_title']}
                        value={draft.activity_title}
                        onChange={(activity_title) => set({ activity_title })}
                        className="sm:col-span-2"
                      />
                      <TextInput
                        label="Description"
                        path={['activity_description']}
                        value={draft.activity_description}
                        multiline
                        onChange={(activity_description) => set({ activity_description })}
                        className="sm:col-span-2"
                      />
                      <NumberInput
                        label="Estimated duration (minutes)"
                        path={['estimated_duration']}
                        value={draft.estimated_duration}
                        min={0}
                        onChange={(estimated_duration) => set({ estimated_duration })}
                      />
                      {/* A published version's switch is above the form: the one change it takes. */}
                      {!readOnly && (
                        <div className="sm:self-end sm:pb-2">
                          <CheckboxInput
                            label="Enabled"
                            checked={draft.is_enabled}
                            hint="Offered to clinicians once published"
                            onChange={(is_enabled) => set({ is_enabled })}
                          />
                        </div>
                      )}
                    </div>
                  </FormSection>
                  <FormSection title="Steps" description="Run in this order. A published activity runs published steps only: promote its draft steps first.">
                    <ActivityStepsField steps={draft.steps} onChange={(steps) => set({ steps })} keys={stepKeys} readOnly={readOnly} />
                  </FormSection>
                  <ActivityConfigFields
                    config={draft.activity_config_json}
                    onChange={(activity_config_json) => set({ activity_config_json })}
                    readOnly={readOnly}
                  />
                </fieldset>
              </form>
            </FieldErrorsProvider>
          </TabPanel>
          <TabPanel>
            <ActivityPreview
              draft={draft}
              record={record}
              data={previewData}
              round={round}
              onChange={setPreviewData}
              onRestart={() => {
                setPreviewData({});
                setRound((n) => n + 1);
              }}
              onSubmit={(data) => {
                setPreviewData(data);
                notify('Preview complete: nothing is saved');
                setTab(2);
                return Promise.resolve();
              }}
            />
          </TabPanel>
          <TabPanel>
            <PreviewNotesPanel templateId={record?.id} data={previewData} dirty={form.dirty} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}

interface ActivityPreviewProps {
  draft: ActivityDraft;
  record: ActivityTemplate | undefined;
  data: Partial<ActivityData>;
  round: number;
  onChange: (data: ActivityData) => void;
  onSubmit: (data: ActivityData) => Promise<void>;
  onRestart: () => void;
}

/** The chosen steps run in the runner: each step's template from the activity's read, else GET step-templates/{id}. */
function ActivityPreview({ draft, record, data, round, onChange, onSubmit, onRestart }: ActivityPreviewProps) {
  const held = new Map<number, StepTemplate>();
  for (const step of draft.steps) if (step.step_template?.activity_items_json) held.set(step.step_template_id, step.step_template as StepTemplate);
  const missing = [...new Set(draft.steps.map((step) => step.step_template_id).filter((id) => !held.has(id)))];
  const reads = useStepTemplatesById(missing);
  const failed = reads.find((read) => read.isError);
  const loaded = reads.every((read) => read.isSuccess);
  const templates = new Map(held);
  for (const read of reads) if (read.data) templates.set(read.data.id, read.data);
  const body = activityBody(draft);
  const template = useStableValue<ActivityTemplate | null>(
    loaded
      ? {
          id: record?.id ?? 0,
          activity_template_family_id: record?.activity_template_family_id ?? 0,
          version_number: record?.version_number ?? 1,
          is_draft: record?.is_draft ?? true,
          is_latest: record?.is_latest ?? true,
          is_enabled: body.is_enabled,
          activity_title: body.activity_title || 'Untitled activity',
          activity_description: body.activity_description,
          estimated_duration: body.estimated_duration,
          activity_config_json: body.activity_config_json,
          activity_template_steps: body.steps.map((step) => {
            const stepTemplate = templates.get(step.step_template_id);
            return stepTemplate ? { ...step, step_template: stepTemplate } : step;
          }),
        }
      : null,
  );

  if (draft.steps.length === 0) return <Notice tone="info">Add a step to preview the activity.</Notice>;
  if (failed) return <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!template) return <Loading />;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">The activity as a clinician runs it. Nothing is saved; the answers feed the Output tab.</p>
      <TemplatePreview template={template} data={data} round={round} onChange={onChange} onSubmit={onSubmit} onRestart={onRestart} />
    </div>
  );
}
