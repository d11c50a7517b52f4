import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import type { Id } from '../../../api/dataProvider';
import { HttpError } from '../../../api/httpError';
import type { CarePlanDraft } from './carePlanDraft';
import {
  activeCarePlanQuery,
  carePlanListQuery,
  carePlanPaths,
  carePlanRevisionsQuery,
  carePlanTemplatesQuery,
  refreshAfterCarePlanWrite,
} from './carePlanQueries';
import type { CarePlan, CarePlanCreateRequest } from './carePlanRecords';

type MaybeId = Id | undefined;
const isId = (id: MaybeId): id is Id => id !== undefined && id !== '';

/** The patient's active plan (null when none). */
export function useActiveCarePlan(patientId: MaybeId) {
  return useQuery({ ...activeCarePlanQuery(useDataProvider(), patientId ?? ''), enabled: isId(patientId) });
}

/** The patient's 10 newest plans, read while `enabled` (the All Care Plans tab is shown). */
export function useCarePlanList(patientId: MaybeId, enabled: boolean) {
  return useQuery({ ...carePlanListQuery(useDataProvider(), patientId ?? ''), enabled: enabled && isId(patientId) });
}

/** A plan's history, read while its dialog is open. */
export function useCarePlanRevisions(planId: MaybeId) {
  return useQuery({ ...carePlanRevisionsQuery(useDataProvider(), planId ?? ''), enabled: isId(planId) });
}

/** The templates, read while the create dialog is open. */
export function useCarePlanTemplates(enabled: boolean) {
  return useQuery({ ...carePlanTemplatesQuery(useDataProvider()), enabled });
}

/**
 * The plans' writes. Once one is written, or refused as a conflict (another user activated or
 * deactivated a plan meanwhile, so what is shown is out of date), the plans and the patient are read
 * again; the toasts and the closing do not wait for the reads.
 */
export function useCarePlanWrites() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refresh = () => void refreshAfterCarePlanWrite(queryClient);
  const onError = (error: Error) => {
    if (error instanceof HttpError && error.status === 409) refresh();
  };
  const post = <R>(path: string, body?: object) =>
    dataProvider.request<R>(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  const create = useMutation({
    mutationFn: (body: CarePlanCreateRequest) => post<CarePlan>(carePlanPaths.create, body),
    onSuccess: refresh,
  });
  const activate = useMutation({
    mutationFn: (plan: Pick<CarePlan, 'id'>) => post<CarePlan>(carePlanPaths.activate(plan.id)),
    onSuccess: refresh,
    onError,
  });
  const review = useMutation({
    mutationFn: (plan: Pick<CarePlan, 'id'>) => post<CarePlan>(carePlanPaths.review(plan.id)),
    onSuccess: refresh,
    onError,
  });
  const save = useMutation({
    mutationFn: ({ plan, body }: { plan: Pick<CarePlan, 'id'>; body: CarePlanDraft }) =>
      dataProvider.request<CarePlan>(carePlanPaths.plan(plan.id), { method: 'PUT', body: JSON.stringify(body) }),
    onSuccess: refresh,
    onError,
  });
  return { create, activate, review, save };
}
