import { describe, expect, it } from 'vitest';
import { providerMoveRefusal } from '../../src/domain/patientProviderMove';

describe('providerMoveRefusal', () => {
  const ada = { full_name: 'Ada Byron', assigned_devices: 0, active_care_programs: 0 };

  it('lets a patient with no device and no active care program move', () => {
    expect(providerMoveRefusal(ada)).toBeNull();
  });

  it('says what holds the patient and what to do first', () => {
    expect(providerMoveRefusal({ ...ada, assigned_devices: 2 })).toBe(
      'Ada Byron has devices assigned: unassign the devices before assigning the patient to another provider.',
    );
    expect(providerMoveRefusal({ ...ada, active_care_programs: 1 })).toBe(
      'Ada Byron has active care programs: end the care programs before assigning the patient to another provider.',
    );
    expect(providerMoveRefusal({ ...ada, assigned_devices: 1, active_care_programs: 2 })).toBe(
      'Ada Byron has devices assigned and active care programs: unassign the devices and end the care programs before assigning the patient to another provider.',
    );
  });
});
