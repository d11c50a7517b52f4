import { describe, expect, it } from 'vitest';
import { DEVICE_BULK_ACTIONS, DEVICE_UPDATE_ACTIONS } from '../../../../src/domain/deviceActions';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import { screenRegistries } from '../../../../src/console/features';
import { SUBMITTED_CLAIM_REFUSAL } from '../../../../src/console/features/claims/claimRules';
import { BULK_SELECT_REFUSAL, deviceFacts } from '../../../../src/console/features/devices/deviceRules';
import { SELF_DISABLE_REFUSAL } from '../../../../src/console/features/users/userRules';
import { environmentFor } from '../../helpers/environments';

/** Devices as the API answers them (spec 000 section 3). */
const stock: ApiRow = { id: 1, status: 'inactive', patient_id: null, tenant_id: 1, is_shared_device: false };
const withPatient: ApiRow = { ...stock, status: 'active', patient_id: 30 };
const shared: ApiRow = { ...stock, status: 'active', is_shared_device: true };
const inventory: ApiRow = { ...stock, tenant_id: null };
const pending: ApiRow = { ...stock, status: 'pending' };
const decommissioned: ApiRow = { ...stock, status: 'decommissioned' };

const ruleRegistry = screenRegistries.rules;
const refusal = (name: keyof typeof ruleRegistry, record: ApiRow) => ruleRegistry[name](record, environmentFor('internal_admin'));

describe('the rule registry (device rules of spec 000 sections 2.4, 4.1 and 6)', () => {
  it('assigns to a patient only a device that is unassigned, not shared and belongs to a provider', () => {
    expect(refusal('device.assign_to_patient', stock)).toBeNull();
    expect(refusal('device.assign_to_patient', withPatient)).toBe('Device is assigned to a patient');
    expect(refusal('device.assign_to_patient', shared)).toBe('Device is a shared device');
    expect(refusal('device.assign_to_patient', inventory)).toBe('Device does not belong to a provider');
  });

  it('disables Change External ID, Toggle Shared Status, Decommission and Set Location while the device has a patient', () => {
    for (const name of ['device.update_external_id', 'device.update_shared_device', 'device.decommission_device', 'device.set_location'] as const) {
      expect(refusal(name, withPatient)).toBe('Device is assigned to a patient');
      expect(refusal(name, stock)).toBeNull();
    }
  });

  it('unassigns only an assigned device, and marks received only a pending one', () => {
    expect(refusal('device.unassign_patient', withPatient)).toBeNull();
    expect(refusal('device.unassign_patient', stock)).toBe('Device is not assigned to a patient');
    expect(refusal('device.mark_received', pending)).toBeNull();
    expect(refusal('device.mark_received', stock)).toBe('Device is not pending');
  });

  it('refuses everything of a decommissioned device', () => {
    for (const name of Object.keys(ruleRegistry).filter((key) => key.startsWith('device.')) as (keyof typeof ruleRegistry)[]) {
      expect(refusal(name, decommissioned)).not.toBeNull();
    }
  });

  it('lets the list select only devices with no patient that are not decommissioned', () => {
    expect(refusal('device.bulk_select', stock)).toBeNull();
    expect(refusal('device.bulk_select', pending)).toBeNull();
    expect(refusal('device.bulk_select', shared)).toBeNull();
    expect(refusal('device.bulk_select', withPatient)).toBe(BULK_SELECT_REFUSAL);
    expect(refusal('device.bulk_select', decommissioned)).toBe(BULK_SELECT_REFUSAL);
  });

  it('reads a row with fields missing as a device with none of them', () => {
    expect(deviceFacts({ id: 4 })).toEqual({ status: '', patient_id: null, tenant_id: null, is_shared_device: false });
    expect(refusal('device.assign_to_patient', { id: 4, status: 'inactive', tenant_id: 2 })).toBeNull();
  });

  it('covers every entry: one rule per device action of the domain table, the selection rule, and the patient status rules', () => {
    const actions = [...new Set([...DEVICE_UPDATE_ACTIONS, ...DEVICE_BULK_ACTIONS])].map((action) => `device.${action}`);
    // The patient rules (registries/patientRules.ts) are the patient status machine's, tested with it.
    const patient = ['patient.mark_consented', 'patient.recheck', 'patient.set_status', 'patient.unenroll'];
    // The claim rule (features/claims/claimRules.ts) and the user rule (features/users/userRules.ts) are tested below.
    // The template rules (features/activityBuilder/templateRules.ts) are tested with the builders.
    const template = ['template.clone', 'template.delete', 'template.enable', 'template.promote', 'template.update'];
    expect(Object.keys(ruleRegistry).sort()).toEqual([...actions, 'device.bulk_select', ...patient, 'claim_item.edit', 'user.disable', ...template].sort());
  });
});

describe('the claim rule (spec 002 section 4)', () => {
  it('refuses the edit of a submitted claim, in the words of the API, and lets one not submitted be edited', () => {
    expect(refusal('claim_item.edit', { id: 70, submitted: true })).toBe(SUBMITTED_CLAIM_REFUSAL);
    expect(SUBMITTED_CLAIM_REFUSAL).toBe('A submitted claim cannot be edited: mark it not submitted first');
    expect(refusal('claim_item.edit', { id: 71, submitted: false })).toBeNull();
    expect(refusal('claim_item.edit', { id: 72 })).toBeNull();
  });
});

describe('the user rule (spec 002 section 4)', () => {
  it("refuses to disable one's own account, in the words of the API, and lets others be disabled", () => {
    const me = environmentFor('internal_admin').identity.id;
    expect(refusal('user.disable', { id: me })).toBe(SELF_DISABLE_REFUSAL);
    expect(SELF_DISABLE_REFUSAL).toBe("You can't disable your own account.");
    expect(refusal('user.disable', { id: me + 1 })).toBeNull();
  });
});
