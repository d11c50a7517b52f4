import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { deviceChoices } from '../../../../src/console/features/devices/deviceChoices';
import { environmentFor } from '../../helpers/environments';

const context = environmentFor('internal_admin');
const choiceRegistry = screenRegistries.choices;
const labels = (name: keyof typeof deviceChoices) => deviceChoices[name](context).map((choice) => choice.label);
const values = (name: keyof typeof deviceChoices) => deviceChoices[name](context).map((choice) => choice.value);

describe('the device forms choices (spec 000 sections 3, 4.1 and 5)', () => {
  it('creation offers the five creatable types; the Tenovi form also the gateway', () => {
    expect(values('creatable_device_types')).toEqual(['blood_pressure', 'pulse_oximeter', 'weight_scale', 'peak_flow_meter', 'glucometer']);
    expect(labels('creatable_device_types')).toEqual(['Blood Pressure', 'Pulse Oximeter', 'Weight Scale', 'Peak Flow Meter', 'Glucometer']);
    expect(values('tenovi_device_types')).toEqual(['tenovi_gateway', ...values('creatable_device_types')]);
    expect(labels('tenovi_device_types')[0]).toBe('Tenovi Gateway');
  });

  it('decommission offers its three choices, unassignment its four reasons, an issue its five types', () => {
    expect(values('decommission_statuses')).toEqual(['decommissioned', 'pending_return_to_manufacturer', 'returned_to_manufacturer']);
    expect(labels('decommission_statuses')).toEqual(['Decommission', 'Pending Return to Manufacturer', 'Returned to Manufacturer']);
    expect(values('unassign_reasons')).toEqual(['patient_unenrolled', 'in_error', 'replace_device', 'other']);
    expect(labels('unassign_reasons')).toEqual(['Patient Unenrolled', 'Assigned in Error', 'Replace Device', 'Other']);
    expect(values('issue_types')).toEqual(['battery', 'connection', 'hardware', 'user error', 'other']);
    expect(labels('issue_types')).toEqual(['Battery', 'Connection', 'Hardware', 'User Error', 'Other']);
  });

  it('covers every entry, each one a source of the choice registry', () => {
    expect(Object.keys(deviceChoices).sort()).toEqual([
      'creatable_device_types',
      'decommission_statuses',
      'issue_types',
      'tenovi_device_types',
      'unassign_reasons',
    ]);
    for (const name of Object.keys(deviceChoices)) expect(choiceRegistry).toHaveProperty(name);
  });
});
