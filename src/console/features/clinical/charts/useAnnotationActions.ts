import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { resourceQueries } from '../../../api/queryOptions';
import { useNotify } from '../../../renderer/skin/toasts';
import type { AnnotationPayload } from './annotationForm';

export const ANNOTATION_SAVED = 'Annotation saved';
export const ANNOTATION_REMOVED = 'Annotation removed';

/**
 * The writes of a reading's annotation (spec 001 section 7): `POST /patients/{id}/observation-annotations`
 * and `DELETE .../{annotationId}`. After either the patient's queries are stale (the record, whose
 * baselines and latest readings may change, and its charts, which live under the same resource), and
 * a toast says it. A failed save is the form's to show; a failed removal is a toast.
 */
export function useAnnotationActions(patientId: string | number) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const base = `/patients/${encodeURIComponent(String(patientId))}/observation-annotations`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceQueries('patients').key });

  const annotate = useMutation({
    mutationFn: (payload: AnnotationPayload) => dataProvider.request(base, { method: 'POST', body: JSON.stringify(payload) }),
    onSuccess: async () => {
      notify(ANNOTATION_SAVED);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (annotationId: number | string) => dataProvider.request(`${base}/${encodeURIComponent(String(annotationId))}`, { method: 'DELETE' }),
    onSuccess: async () => {
      notify(ANNOTATION_REMOVED);
      await refresh();
    },
    onError: (error) => notify(`Unable to remove the annotation: ${error.message}`, 'error'),
  });
  return { annotate, remove };
}
