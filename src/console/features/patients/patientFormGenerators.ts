import { localDay } from '../../../domain/patientForm';
import type { FormGenerator } from '../../renderer/core/coreRegistries';

/**
 * The patient form's generators (`{"generator": "mock_patient"}`), each a button above the form
 * that replaces what it holds.
 */
export const patientFormGenerators = {
  /**
   * Spec 001 section 2, Add patient: 'Generate Mock Patient' (the definition shows it outside production only).
   * The generator and its names load when the button is pressed (issue 20: not on every page).
   */
  mock_patient: async () => (await import('../../../domain/patientFormMock')).mockPatient(Math.random, localDay(new Date())),
} as const satisfies Readonly<Record<string, FormGenerator>>;
