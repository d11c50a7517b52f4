import { describe, expect, it } from 'vitest';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { NO_STATUS_CHOICE, patientRules } from '../../../../src/console/features/patients/patientRules';
import { PATIENT_STATUSES } from '../../../../src/domain/enums';
import { CONSOLE_ROLES, statusChoices, transitionRefusal } from '../../../../src/domain/patientStatus';
import { environmentFor } from '../../helpers/environments';

const patient = (patient_status: string): ApiRow => ({ id: 30, patient_status });

describe('the patient status rules of the record header', () => {
  it('follow the domain table for every role and status', () => {
    for (const role of CONSOLE_ROLES) {
      const context = environmentFor(role);
      for (const status of PATIENT_STATUSES) {
        const record = patient(status);
        expect(patientRules['patient.set_status'](record, context) === null, `${role} ${status} set_status`).toBe(statusChoices(role, status).length > 0);
        expect(patientRules['patient.mark_consented'](record, context) === null, `${role} ${status} consent`).toBe(
          transitionRefusal(role, status, 'consented', 'mark_consented') === null,
        );
        expect(patientRules['patient.unenroll'](record, context) === null, `${role} ${status} unenroll`).toBe(status !== 'disabled');
        expect(patientRules['patient.recheck'](record, context) === null, `${role} ${status} recheck`).toBe(status === 'consented');
      }
    }
  });

  it("say why in the domain's words", () => {
    const clinician = environmentFor('clinician');
    expect(patientRules['patient.unenroll'](patient('disabled'), clinician)).toBe('The patient is already Unenrolled');
    expect(patientRules['patient.mark_consented'](patient('active'), clinician)).toBe('Patient status cannot change from Active to Consented');
    expect(patientRules['patient.set_status'](patient('active'), clinician)).toBe(NO_STATUS_CHOICE);
    expect(patientRules['patient.unenroll']({ id: 30 }, clinician)).toBe(NO_STATUS_CHOICE);
  });
});
