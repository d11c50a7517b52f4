import { describe, expect, it } from 'vitest';
import { sharedDeviceRefusal, type DeviceFacts } from '../../src/domain/deviceActions';
import { DEVICE_STATUSES } from '../../src/domain/enums';

/** Spec 001 section 5: "Shared device: device required, only devices marked shared"; a device out of service or with no provider cannot serve a patient. */
const shared: DeviceFacts = { status: 'active', patient_id: null, tenant_id: 4, is_shared_device: true };

describe('sharedDeviceRefusal', () => {
  it('allows a shared device of a provider in every status of service', () => {
    for (const status of ['active', 'inactive', 'pending', 'inactive_with_patient']) expect(sharedDeviceRefusal({ ...shared, status }), status).toBeNull();
  });

  it('names the first thing that stops it', () => {
    expect(sharedDeviceRefusal({ ...shared, is_shared_device: false })).toBe('Device is not a shared device');
    expect(sharedDeviceRefusal({ ...shared, tenant_id: null })).toBe('Device does not belong to a provider');
    expect(sharedDeviceRefusal({ ...shared, status: 'decommissioned', is_shared_device: false })).toBe('Device is decommissioned');
    expect(sharedDeviceRefusal({ ...shared, status: 'returned_to_manufacturer' })).toBe('Device is going back to the manufacturer');
    expect(sharedDeviceRefusal({ ...shared, status: 'pending_return_to_manufacturer' })).toBe('Device is going back to the manufacturer');
  });

  it('decides every device status', () => {
    const allowed = DEVICE_STATUSES.filter((status) => sharedDeviceRefusal({ ...shared, status }) === null);
    expect([...allowed].sort()).toEqual(['active', 'inactive', 'inactive_with_patient', 'pending']);
  });
});
