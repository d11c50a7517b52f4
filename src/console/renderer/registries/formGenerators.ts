import { localDay } from '../../../domain/patientForm';
import { mockPatient } from '../../../domain/patientFormMock';
import type { ApiRow, EvalContext } from '../core/context';

/** Fills a form with made-up values; the context says who fills it (a provider user's tenant, say). */
export type FormGenerator = (context: EvalContext) => ApiRow;

/**
 * The generators a form definition may name in `generators` (`{"generator": "mock_patient"}`),
 * each a button above the form that replaces what it holds.
 */
export const formGeneratorRegistry: Readonly<Record<string, FormGenerator>> = {
  /** Spec 001 section 2, Add patient: 'Generate Mock Patient' (the definition shows it outside production only). */
  mock_patient: () => mockPatient(Math.random, localDay(new Date())),
};
