import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';
import { AVAILABLE_PAGE_SIZE, type ActivityAvailability, type ActivityData, type ActivityTemplate } from '../../../domain/clinicalActivities';
import { INSTANCES, type InstanceRow } from './activityTexts';

/**
 * The calls of the Activity tab, the runner's live mode and the runs' details (spec 001 section 7
 * "Clinical activities"; 002 section 7 "Clinical activity instances"; the contract is
 * src/domain/clinicalActivities/README.md, "The API").
 */

const instanceQueries = resourceQueries(INSTANCES);
const templateQueries = resourceQueries('activity-templates');
const AVAILABLE = 'clinical-activities/available';
const json = (method: string, body?: unknown): RequestInit => ({ method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** GET clinical-activities/available for one patient (meta patient_ids), 25 a page in the server's order (by title). */
export function useAvailableActivities(patientId: number | null, page: number) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [AVAILABLE, 'list', patientId, page],
    queryFn: () =>
      dataProvider.getList<ActivityAvailability>(AVAILABLE, { pagination: { page, perPage: AVAILABLE_PAGE_SIZE }, meta: { patient_ids: [patientId] } }),
    enabled: patientId !== null,
    placeholderData: keepPreviousData,
  });
}

/** What a run opens on: the activity chosen in the list, and its pending run when there is one. */
export interface RunTarget {
  patientId: number;
  templateId: number;
  title: string;
  pendingId: number | null;
}

export interface OpenedRun {
  instance: InstanceRow;
  template: ActivityTemplate;
}

/**
 * Starts or resumes a run (spec 001 section 4: "Start: reuse a pending instance if one exists, else
 * create one"): resume reads the pending run (GET clinical-activity-instances/{id}, for its
 * data_json); start asks for one (POST clinical-activity-instances, which answers the clinician's
 * draft when there is one); then the exact template version the run names (GET activity-templates/{id}).
 * A query, not a mutation, so that the dialog's first render asks once (the server's answer to a
 * second POST is the same draft anyway); it is never refreshed under the runner's feet.
 */
export function useOpenedRun(target: RunTarget) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['clinical-activity-run', target.patientId, target.templateId, target.pendingId],
    queryFn: async (): Promise<OpenedRun> => {
      const instance =
        target.pendingId === null
          ? await dataProvider.create<InstanceRow>(INSTANCES, { patient_id: target.patientId, activity_template_id: target.templateId })
          : await dataProvider.getOne<InstanceRow>(INSTANCES, target.pendingId);
      const template = await dataProvider.getOne<ActivityTemplate>('activity-templates', instance.activity_template_id ?? target.templateId);
      return { instance, template };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The live runner's writes on a run: autosave (PUT {data_json}), complete (POST {id}/complete) and discard (DELETE). */
export function useRunWrites(instanceId: number) {
  const dataProvider = useDataProvider();
  const refresh = useRefreshAfterRun();
  return {
    save: async (data: ActivityData) => {
      await dataProvider.update(INSTANCES, instanceId, { data_json: data });
    },
    complete: async (data: ActivityData) => {
      await dataProvider.request(`/${INSTANCES}/${String(instanceId)}/complete`, json('POST', { data_json: data }));
    },
    discard: () => dataProvider.delete(INSTANCES, instanceId),
    refresh,
  };
}

/** After a run is completed, discarded or left: the lists of runs and activities, the patient's services and notes are fetched again. */
export function useRefreshAfterRun() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/**
 * A run as GET clinical-activity-instances/{id} answers it (its data_json and the template version it
 * ran, `activity_template`); when the answer leaves the template out, it is read on its own.
 */
export function useInstanceDetails(id: number) {
  const dataProvider = useDataProvider();
  const instance = useQuery({ ...instanceQueries.one(dataProvider, id), select: (row) => row as unknown as InstanceRow });
  const templateId = instance.data?.activity_template_id ?? null;
  const needsTemplate = instance.data !== undefined && !instance.data.activity_template && templateId !== null;
  const template = useQuery({
    ...templateQueries.one(dataProvider, templateId ?? 0),
    select: (row) => row as unknown as ActivityTemplate,
    enabled: needsTemplate,
  });
  return {
    instance: instance.data,
    template: instance.data?.activity_template ?? template.data,
    loading: instance.isPending || (needsTemplate && template.isPending),
    error: instance.error ?? template.error,
    retry: () => void (instance.error ? instance.refetch() : template.refetch()),
  };
}

/** The reviewer's calls (spec 002 section 7): approve with time overrides (seconds by step key), reject (ours), delete. */
export function useReviewWrites(id: number) {
  const dataProvider = useDataProvider();
  const refresh = useRefreshAfterRun();
  const approve = useMutation({
    mutationFn: (timeOverrides: Record<string, number>) =>
      dataProvider.request(`/${INSTANCES}/${String(id)}/approve`, json('POST', { time_overrides: timeOverrides })),
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: (reason: string) =>
      dataProvider.request(`/${INSTANCES}/${String(id)}/reject`, json('POST', reason.trim() === '' ? {} : { reason: reason.trim() })),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => dataProvider.delete(INSTANCES, id), onSuccess: refresh });
  return { approve, reject, remove };
}
