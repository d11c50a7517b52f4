import type { Device } from '../../../../schemas/entities/device';
import { fixtureRecords } from '../../helpers/fixtures';

/** 60 devices: enough for 6 pages of 10, so the page-jump box shows. Every third has a patient, every tenth is decommissioned. */
export function manyDevices(): Record<string, Record<string, unknown>[]> {
  const records = fixtureRecords();
  const devices: Device[] = Array.from({ length: 60 }, (_, i) => {
    const id = i + 1;
    return {
      id,
      external_id: `35693803564${String(id).padStart(4, '0')}`,
      device_manufacturer: id % 2 === 0 ? 'tenovi' : 'bodytrace',
      device_type: 'weight_scale',
      device_model: null,
      tenant_id: 1,
      location_id: null,
      patient_id: id % 3 === 0 ? 30 : null,
      status: id % 10 === 0 ? 'decommissioned' : 'pending',
      added_on: `2026-03-${String(1 + (id % 28)).padStart(2, '0')}T10:00:${String(id).padStart(2, '0')}Z`,
      is_shared_device: false,
      device_received: false,
      misc_data: {},
    };
  });
  return { ...records, devices };
}
