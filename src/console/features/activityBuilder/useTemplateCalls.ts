import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { HttpError } from '../../api/httpError';
import { resourceQueries } from '../../api/queryOptions';
import {
  cueLabel,
  STEP_PICKER_PAGE_SIZE,
  TRIGGER_CUES_PAGE_SIZE,
  type ActivityData,
  type ActivityTemplate,
  type PreviewNote,
  type StepTemplate,
} from '../../../domain/clinicalActivities';
import { useNotify } from '../../renderer/skin/toasts';
import type { ActivityTemplateBody } from './activityForm';
import { BUILDER_TEXTS } from './builderTexts';
import type { StepTemplateBody } from './stepForm';

/**
 * The builders' calls (spec 002 section 7 "Templates"; the contract in
 * src/domain/clinicalActivities/README.md "The API"), each with the spec's texts (section 8).
 */

export type TemplateKind = 'activity' | 'step';
export const RESOURCES = { activity: 'activity-templates', step: 'step-templates' } as const;
const activityQueries = resourceQueries(RESOURCES.activity);
const stepQueries = resourceQueries(RESOURCES.step);

/** Spec 002 section 9: the cue cache keeps them 5 minutes. */
const CUES_STALE_TIME_MS = 5 * 60_000;

const post = (body: unknown = {}): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const pathOf = (kind: TemplateKind, id: number | string, action?: string) =>
  `/${RESOURCES[kind]}/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;

/** GET activity-templates/{id}: the template with its steps and their step templates. */
export function useActivityTemplate(id: string | undefined) {
  const dataProvider = useDataProvider();
  return useQuery({ ...activityQueries.one(dataProvider, id ?? ''), enabled: id !== undefined, select: (record) => record as unknown as ActivityTemplate });
}

export function useStepTemplate(id: string | undefined) {
  const dataProvider = useDataProvider();
  return useQuery({ ...stepQueries.one(dataProvider, id ?? ''), enabled: id !== undefined, select: (record) => record as unknown as StepTemplate });
}

/** The steps a builder may add (002 s7): GET step-templates?is_latest[eq]=true, 100 at a time; shown by title. */
export function useStepChoices(enabled: boolean) {
  const dataProvider = useDataProvider();
  return useQuery({
    ...stepQueries.list(dataProvider, { filter: { 'is_latest[eq]': true }, pagination: { page: 1, perPage: STEP_PICKER_PAGE_SIZE } }),
    enabled,
    select: (answer) => (answer.data as unknown as StepTemplate[]).slice().sort((a, b) => a.step_title.localeCompare(b.step_title)),
  });
}

/** The steps of a preview that the editor holds by id only (picked, not read with the activity): GET step-templates/{id} each. */
export function useStepTemplatesById(ids: readonly number[]) {
  const dataProvider = useDataProvider();
  return useQueries({
    queries: ids.map((id) => ({ ...stepQueries.one(dataProvider, id), select: (record: unknown) => record as StepTemplate })),
  });
}

export interface CueChoice {
  key: string;
  label: string;
}

/** The cues' answer as a list of {id, name} (or {key, label}), bare or under `data`. */
function cuesOf(answer: unknown): CueChoice[] {
  const rows: unknown = Array.isArray(answer) ? answer : typeof answer === 'object' && answer !== null ? (answer as { data?: unknown }).data : [];
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const { id, key, name, label } = row as Record<string, unknown>;
    const code = typeof id === 'string' ? id : typeof key === 'string' ? key : null;
    if (code === null) return [];
    return [{ key: code, label: typeof name === 'string' ? name : typeof label === 'string' ? label : cueLabel(code) }];
  });
}

/** GET activity-templates/trigger-cues, 500 a page (002 s7, s9), kept 5 minutes. */
export function useTriggerCues() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [RESOURCES.activity, 'trigger-cues'],
    queryFn: () => dataProvider.request<unknown>(`/${RESOURCES.activity}/trigger-cues?skip=0&limit=${TRIGGER_CUES_PAGE_SIZE}`),
    select: cuesOf,
    staleTime: CUES_STALE_TIME_MS,
  });
}

/** POST activity-templates/{id}/preview-notes {data_json} -> the notes the answers would write (002 s3 "Preview notes"). */
export function usePreviewNotes(id: number | undefined, data: Partial<ActivityData>, enabled: boolean) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [RESOURCES.activity, 'preview-notes', id, data],
    queryFn: async () => {
      const answer = await dataProvider.request<{ data?: PreviewNote[] } | PreviewNote[]>(
        pathOf('activity', id ?? '', 'preview-notes'),
        post({ data_json: data }),
      );
      return Array.isArray(answer) ? answer : (answer.data ?? []);
    },
    enabled: enabled && id !== undefined,
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The texts of each kind's writes: the spec's for activities (002 s8), the step's save with the server's message on an update. */
const WRITE_TEXTS = {
  activity: {
    created: BUILDER_TEXTS.activityCreated,
    saved: BUILDER_TEXTS.activitySaved,
    createError: () => BUILDER_TEXTS.createActivityError,
    saveError: () => BUILDER_TEXTS.saveActivityError,
    cloned: BUILDER_TEXTS.activityCloned,
    cloneError: BUILDER_TEXTS.cloneError,
    promoted: BUILDER_TEXTS.activityPromoted,
    promoteError: BUILDER_TEXTS.promoteError,
  },
  step: {
    created: BUILDER_TEXTS.stepCreated,
    saved: BUILDER_TEXTS.stepSaved,
    createError: () => BUILDER_TEXTS.saveStepError,
    saveError: (error: unknown) => `${BUILDER_TEXTS.saveStepError}: ${messageOf(error)}`,
    cloned: BUILDER_TEXTS.stepCloned,
    cloneError: BUILDER_TEXTS.stepCloneError,
    promoted: BUILDER_TEXTS.stepPromoted,
    promoteError: BUILDER_TEXTS.stepPromoteError,
  },
} as const;

type Body<K extends TemplateKind> = K extends 'activity' ? ActivityTemplateBody : StepTemplateBody;
type Saved = { id: number } & Record<string, unknown>;

/**
 * Save (POST for a new template, PUT for a draft), clone and promote, each with its toast; a failed
 * save also answers the server's field errors (a 422's detail) through `onError`'s error body.
 * After a write every query is stale (renderer README): the lists and the picker show it.
 */
export function useTemplateWrites<K extends TemplateKind>(kind: K) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const texts = WRITE_TEXTS[kind];
  const refresh = () => queryClient.invalidateQueries();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: Body<K> }) =>
      id === undefined ? dataProvider.create<Saved>(RESOURCES[kind], body) : dataProvider.update<Saved>(RESOURCES[kind], id, body),
    onSuccess: async (_saved, { id }) => {
      notify(id === undefined ? texts.created : texts.saved);
      await refresh();
    },
    onError: (error, { id }) => notify(id === undefined ? texts.createError() : texts.saveError(error), 'error'),
  });
  const clone = useMutation({
    mutationFn: (id: number) => dataProvider.request<Saved>(pathOf(kind, id, 'clone'), post()),
    onSuccess: async () => {
      notify(texts.cloned);
      await refresh();
    },
    onError: () => notify(texts.cloneError, 'error'),
  });
  const promote = useMutation({
    mutationFn: (id: number) => dataProvider.request<Saved>(pathOf(kind, id, 'promote'), post()),
    onSuccess: async () => {
      notify(texts.promoted);
      await refresh();
    },
    onError: () => notify(texts.promoteError, 'error'),
  });
  return { save, clone, promote };
}

/**
 * A published activity's Enabled switch (the one change a published version takes, README
 * "Versions"): PUT with its title and configuration as read, so that its content is seen unchanged.
 */
export function useEnableActivity() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ template, enabled }: { template: ActivityTemplate; enabled: boolean }) =>
      dataProvider.update<Saved>(RESOURCES.activity, template.id, {
        activity_title: template.activity_title,
        activity_config_json: template.activity_config_json,
        is_enabled: enabled,
      }),
    onSuccess: async (_saved, { enabled }) => {
      notify(enabled ? BUILDER_TEXTS.activityEnabled : BUILDER_TEXTS.activityDisabled);
      await queryClient.invalidateQueries();
    },
    onError: () => notify(BUILDER_TEXTS.saveActivityError, 'error'),
  });
}

/** The 422's body of a failed save, for its field errors. */
export const failedBody = (error: unknown) => (error instanceof HttpError && error.status === 422 ? error.body : undefined);
