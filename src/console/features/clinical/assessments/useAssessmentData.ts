import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import { assessmentsPath, refreshAfterAssessment, runsSummaryQuery, symptomsSummaryQuery } from './assessmentQueries';
import type { assessmentRequest } from './assessmentDialog';
import type { Timeframe } from './symptomsGrid';

type PatientId = string | number | undefined;
const isId = (id: PatientId): id is string | number => id !== undefined && id !== '';

/** The runs summary of the patient (the triage donut). */
export function useRunsSummary(patientId: PatientId) {
  return useQuery({ ...runsSummaryQuery(useDataProvider(), patientId ?? ''), enabled: isId(patientId) });
}

/** The symptoms summary of the patient over a timeframe (the grid). */
export function useSymptomsSummary(patientId: PatientId, timeframe: Timeframe) {
  return useQuery({ ...symptomsSummaryQuery(useDataProvider(), patientId ?? '', timeframe), enabled: isId(patientId) });
}

/** Sends an assessment; once it is written, the runs and the patient are read again. */
export function useSubmitAssessment(patientId: PatientId) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnType<typeof assessmentRequest>) =>
      dataProvider.request(assessmentsPath(patientId ?? ''), { method: 'POST', body: JSON.stringify(body) }),
    // The toast and the closing do not wait for the reads.
    onSuccess: () => {
      void refreshAfterAssessment(queryClient);
    },
  });
}
