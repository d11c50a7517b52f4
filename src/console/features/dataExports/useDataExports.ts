import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DataExport } from '../../../../schemas/entities/dataExport';
import { DATA_EXPORT_TEXTS, DATA_EXPORTS_PAGE_SIZE } from '../../../domain/dataExports';
import { useDataProvider } from '../../api/DataProviderContext';
import type { Id } from '../../api/dataProvider';
import { useNotify } from '../../renderer/skin/toasts';

/** How often the list is read again while an archive is being built. */
export const DATA_EXPORT_POLL_MS = 2000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the export's archive is being built (validated, not yet completed or failed). */
export const isBuilding = (row: DataExport) => row.status === 'pending_validation' && row.validated_at !== null && row.validated_at !== undefined;

/**
 * The controller of the Patient Data Export card for a patient: its exports (5 a page, newest
 * first; read again every 2 s while one is built), and the request, validate and revoke calls, each
 * with its toast. A build seen to finish is 'Export successful' (or 'Error exporting patient data').
 */
export function useDataExports(patientId: Id | undefined) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const key = ['data-exports', patientId] as const;

  const list = useQuery({
    queryKey: ['data-exports', patientId, page],
    enabled: patientId !== undefined,
    queryFn: () =>
      dataProvider.getList<DataExport>('data-exports', {
        filter: { 'patient_id[eq]': patientId },
        pagination: { page, perPage: DATA_EXPORTS_PAGE_SIZE },
      }),
    refetchInterval: (query) => (query.state.data?.data.some(isBuilding) ? DATA_EXPORT_POLL_MS : false),
  });

  // Builds seen running, to tell when one ends.
  const building = useRef(new Set<number>());
  useEffect(() => {
    for (const row of list.data?.data ?? []) {
      if (isBuilding(row)) building.current.add(row.id);
      else if (building.current.delete(row.id)) {
        if (row.status === 'completed') notify(DATA_EXPORT_TEXTS.success);
        else if (row.status === 'failed') notify(`${DATA_EXPORT_TEXTS.error}${row.failure ? `: ${row.failure}` : ''}`, 'error');
      }
    }
  }, [list.data, notify]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const failed = (error: unknown) => notify(`${DATA_EXPORT_TEXTS.error}: ${messageOf(error)}`, 'error');

  const request = useMutation({
    mutationFn: (consentGiven: boolean) =>
      dataProvider.request<DataExport>('/data-exports', { method: 'POST', body: JSON.stringify({ patient_id: patientId, consent_given: consentGiven }) }),
    onSuccess: () => {
      notify(DATA_EXPORT_TEXTS.requested);
      setPage(1);
      void refresh();
    },
    onError: failed,
  });
  const validate = useMutation({
    mutationFn: (id: number) => dataProvider.request<DataExport>('/data-exports/validate', { method: 'POST', body: JSON.stringify({ export_request_id: id }) }),
    onSuccess: (row) => {
      building.current.add(row.id);
      notify(DATA_EXPORT_TEXTS.validated);
      void refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => dataProvider.delete('data-exports', id),
    onSuccess: () => {
      notify(DATA_EXPORT_TEXTS.revoked);
      void refresh();
    },
    onError: failed,
  });

  const total = list.data?.total ?? 0;
  return {
    rows: list.data?.data ?? [],
    total,
    loading: list.isPending && patientId !== undefined,
    loadError: list.isError ? messageOf(list.error) : undefined,
    page,
    pages: Math.max(1, Math.ceil(total / DATA_EXPORTS_PAGE_SIZE)),
    setPage,
    busy: request.isPending || validate.isPending || revoke.isPending,
    requesting: request.isPending,
    request: (consentGiven: boolean) =>
      request.mutateAsync(consentGiven).then(
        () => true,
        () => false,
      ),
    validate: (id: number) => validate.mutate(id),
    revoke: (id: number) => revoke.mutate(id),
  };
}
