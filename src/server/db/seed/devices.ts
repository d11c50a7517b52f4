import { sql, type Insertable, type Kysely } from 'kysely';
import { DEVICE_ONE_TIME_FEE } from '../../../domain/deviceActions';
import { DEVICE_STATUSES, type DeviceManufacturer, type DeviceStatus, type DeviceType } from '../../../domain/enums';
import type { DB, Devices } from '../schema';
import type { Random } from './random';
import type { SeededPatient } from './seed';

export type DeviceSeed = Insertable<Devices>;

/** Which manufacturers make which device type; together they cover every manufacturer and every type. */
const CATALOGUE: [DeviceType, DeviceManufacturer, string][] = [
  ['blood_pressure', 'tenovi', 'TV-BPM-01'],
  ['blood_pressure', 'transtek', 'TMB-2092-G'],
  ['blood_pressure', 'smartmeter', 'iBPM-1'],
  ['blood_pressure', 'tellihealth', 'TH-BP-200'],
  ['blood_pressure', 'bodytrace', 'BT-BPM'],
  ['pulse_oximeter', 'tenovi', 'TV-PO-01'],
  ['pulse_oximeter', 'smartmeter', 'iPulseOx'],
  ['weight_scale', 'bodytrace', 'BT004'],
  ['weight_scale', 'transtek', 'GBS-2104-G'],
  ['weight_scale', 'tenovi', 'TV-WS-01'],
  ['glucometer', 'smartmeter', 'iGlucose'],
  ['glucometer', 'tellihealth', 'TH-GL-100'],
  ['peak_flow_meter', 'other', 'PF-100'],
  ['peak_flow_meter', 'tenovi', 'TV-PF-01'],
  ['cgm', 'freestylelibre', 'Libre 3'],
  ['tenovi_gateway', 'tenovi', 'TV-GW-4G'],
];

/** Statuses of devices that sit with no patient; every status of the list reading appears. */
const UNASSIGNED_STATUSES = DEVICE_STATUSES.filter((s) => s !== 'inactive_with_patient');

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/**
 * Devices for one tenant (or the operator's inventory when tenantId is null): one for each active
 * or consented patient, then stock in every status, cycling through the catalogue.
 */
export function demoDevices(
  random: Random,
  p: { tenantIndex: number; tenantId: number | null; locationIds: number[]; patients: SeededPatient[]; anchor: Date; count?: number },
): DeviceSeed[] {
  const withPatient = p.patients.filter((x) => x.status === 'active' || x.status === 'consented');
  const total = p.count ?? withPatient.length + 60;
  const devices: DeviceSeed[] = [];
  for (let i = 0; i < total; i++) {
    const [type, manufacturer, model] = CATALOGUE[i % CATALOGUE.length] as [DeviceType, DeviceManufacturer, string];
    const patient = type === 'tenovi_gateway' ? undefined : withPatient[i];
    const status: DeviceStatus = patient
      ? i % 11 === 0
        ? 'inactive_with_patient'
        : 'active'
      : (UNASSIGNED_STATUSES[i % UNASSIGNED_STATUSES.length] as DeviceStatus);
    const addedOn = new Date(p.anchor.getTime() - random.int(95, 500) * 86_400_000 - random.int(0, 86_399) * 1000);
    const gatewayId = Array.from({ length: 12 }, () => random.pick([...ALNUM])).join('');
    const externalId = type === 'tenovi_gateway' ? gatewayId : `86${String(p.tenantIndex).padStart(3, '0')}${String(i).padStart(6, '0')}${random.digits(4)}`;
    devices.push({
      external_id: externalId,
      device_manufacturer: manufacturer,
      device_type: type,
      device_model: model,
      tenant_id: p.tenantId,
      location_id: !patient && p.locationIds.length && status !== 'decommissioned' ? random.pick(p.locationIds) : null,
      patient_id: patient?.id ?? null,
      status,
      added_on: addedOn,
      assigned_on: patient ? new Date(addedOn.getTime() + 3 * 86_400_000) : null,
      is_shared_device: !patient && status === 'active' && i % 4 === 0,
      device_received: status !== 'pending',
      misc_data: JSON.stringify({
        status: patient
          ? { battery: random.int(15, 100), signal: random.int(0, 4), network: random.pick(['LTE', '4G', 'WiFi']), last_updated: p.anchor.toISOString() }
          : {},
        ...(manufacturer === 'tenovi' ? { device: { hardware_uuid: type === 'tenovi_gateway' ? gatewayId : null } } : {}),
      }),
    });
  }
  return devices;
}

/**
 * The one-time fee of every device that belongs to a provider, charged when it was added there
 * (the operator's inventory is not charged). One statement, so that the scale seed stays fast.
 */
export async function insertDeviceFees(db: Kysely<DB>): Promise<void> {
  await sql`insert into device_one_time_fees (device_id, tenant_id, timestamp, amount, fee_type)
    select d.id, d.tenant_id, d.added_on, ${DEVICE_ONE_TIME_FEE.amount}, ${DEVICE_ONE_TIME_FEE.fee_type}
    from devices d
    where d.tenant_id is not null and not exists (select 1 from device_one_time_fees f where f.device_id = d.id)`.execute(db);
}
