import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataProvider, Id } from '../../../api/dataProvider';
import type { ListParams } from '../../../api/dataProvider.utils';
import { DATA_STALE_TIME_MS, resourceQueries } from '../../../api/queryOptions';
import { CARE_PLAN_LIST_SIZE, type CarePlan, type CarePlanRevision, type CarePlanTemplateRow } from './carePlanRecords';

/**
 * The reads and write paths of the care plans widget. Every read of a plan is keyed under
 * `care-plans` (the active plan, the list, a plan's revisions), so one invalidation refreshes them
 * all after a write; the templates are data shipped with the server and never go stale.
 */

const CARE_PLANS = 'care-plans';
const segment = (id: Id) => encodeURIComponent(String(id));

/** GET /patients/{id}/active-care-plan: the plan, or null ('No Active Care Plan'). */
export const activeCarePlanQuery = (dataProvider: DataProvider, patientId: Id) =>
  queryOptions({
    queryKey: [CARE_PLANS, 'active', String(patientId)] as const,
    queryFn: () => dataProvider.request<CarePlan | null>(`/patients/${segment(patientId)}/active-care-plan`),
    staleTime: DATA_STALE_TIME_MS,
  });

/** The list's request: the patient's 10 newest plans. */
export const carePlanListParams = (patientId: Id): ListParams => ({
  filter: { 'patient_id[eq]': patientId },
  sort: { field: 'created_at', order: 'desc' },
  pagination: { page: 1, perPage: CARE_PLAN_LIST_SIZE },
});

/** GET /care-plans?filter={"patient_id[eq]":ID}&sort=created_at&order=desc&skip=0&limit=10, under the key resourceQueries gives lists. */
export const carePlanListQuery = (dataProvider: DataProvider, patientId: Id) => {
  const params = carePlanListParams(patientId);
  return queryOptions({
    queryKey: [CARE_PLANS, 'list', params, {}] as const,
    queryFn: () => dataProvider.getList<CarePlan>(CARE_PLANS, params),
    staleTime: DATA_STALE_TIME_MS,
  });
};

/** GET /care-plans/{id}/revisions. */
export const carePlanRevisionsQuery = (dataProvider: DataProvider, planId: Id) =>
  queryOptions({
    queryKey: [CARE_PLANS, 'revisions', String(planId)] as const,
    queryFn: () => dataProvider.request<CarePlanRevision[]>(`/care-plans/${segment(planId)}/revisions`),
    staleTime: DATA_STALE_TIME_MS,
  });

/** GET /care-plan-templates. */
export const carePlanTemplatesQuery = (dataProvider: DataProvider) =>
  queryOptions({
    queryKey: ['care-plan-templates'] as const,
    queryFn: () => dataProvider.request<CarePlanTemplateRow[]>('/care-plan-templates'),
    staleTime: Infinity,
  });

export const carePlanPaths = {
  create: '/care-plans',
  plan: (id: Id) => `/care-plans/${segment(id)}`,
  activate: (id: Id) => `/care-plans/${segment(id)}/activate`,
  review: (id: Id) => `/care-plans/${segment(id)}/review`,
};

/**
 * After a write: the plans (active, list, revisions) and the patient's reads (`care_plan_last_reviewed`
 * moves with a review or a revision) are stale.
 */
export async function refreshAfterCarePlanWrite(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueries(CARE_PLANS).key }),
    queryClient.invalidateQueries({ queryKey: resourceQueries('patients').key }),
  ]);
}
