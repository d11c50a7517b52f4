import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { saveFile } from '../../renderer/registries/actions/saveFile';
import { useNotify } from '../../renderer/skin/toasts';
import { EXPORT_ERROR, EXPORT_SUCCESS } from './monthChoices';

/**
 * The patient's monthly export: GET patients/{id}/export?start_date, the PDF saved under the
 * server's name (`patient-7-2025-01.pdf`), and the spec's toasts. `mutate('2025-01-01')`.
 */
export function usePatientExport(patientId: number | string | undefined) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  return useMutation({
    mutationFn: (startDate: string) => dataProvider.download(`/patients/${String(patientId)}/export`, { start_date: startDate }),
    onSuccess: ({ blob, filename }, startDate) => {
      saveFile(blob, filename ?? `patient-${String(patientId)}-${startDate.slice(0, 7)}.pdf`);
      notify(EXPORT_SUCCESS);
    },
    onError: () => notify(EXPORT_ERROR, 'error'),
  });
}
