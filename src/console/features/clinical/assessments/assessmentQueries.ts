import { keepPreviousData, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { DataProvider } from '../../../api/dataProvider';
import { DATA_STALE_TIME_MS, resourceQueries } from '../../../api/queryOptions';
import type { Timeframe } from './symptomsGrid';

/**
 * The reads of the record's assessments part, keyed under the resources a write refreshes: the runs
 * summary under `runs` (with the runs list), the symptoms summary under `patients` (with the
 * patient's read, which holds the algorithm scores).
 */

const patientPath = (patientId: string | number) => `/patients/${encodeURIComponent(String(patientId))}`;

/** GET /patients/{id}/runs/summary: the triage counts of the past 7 days and the totals. */
export const runsSummaryQuery = (dataProvider: DataProvider, patientId: string | number) =>
  resourceQueries('runs').at(dataProvider, `${patientPath(patientId)}/runs/summary`);

/** GET /patients/{id}/conditions/summary?timeframe=: the symptoms grid; the last grid stays while another timeframe loads. */
export const symptomsSummaryQuery = (dataProvider: DataProvider, patientId: string | number, timeframe: Timeframe) =>
  queryOptions({
    ...resourceQueries('patients').at(dataProvider, `${patientPath(patientId)}/conditions/summary?timeframe=${timeframe}`),
    staleTime: DATA_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

/** POST /patients/{id}/assessments. */
export const assessmentsPath = (patientId: string | number) => `${patientPath(patientId)}/assessments`;

/**
 * Whether a query reads runs: the `runs` resource (its lists, a run, the summary), also when a
 * definition names it under the patient (`patients/{id}/runs`).
 */
export function readsRuns(queryKey: QueryKey): boolean {
  const [resource] = queryKey;
  return typeof resource === 'string' && (resource === 'runs' || resource.endsWith('/runs'));
}

/** After an assessment is written: the runs (list and summary) and the patient's read (scores, symptoms) are stale. */
export async function refreshAfterAssessment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ predicate: (query) => readsRuns(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: resourceQueries('patients').key }),
  ]);
}
