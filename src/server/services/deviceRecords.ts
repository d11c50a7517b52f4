import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Access } from '../resources/access';
import type { Values } from '../resources/defineResource';
import { devices } from '../resources/definitions/devices';
import { recordColumns, toRecord, visibleRows } from '../resources/recordQuery';

/** A device as the API shows it, with the columns the device rules read. */
export interface DeviceRecord extends Values {
  id: number;
  tenant_id: number | null;
  location_id: number | null;
  patient_id: number | null;
  status: string;
  is_shared_device: boolean;
  external_id: string | null;
  customer_invoice_item_id: string | null;
}

/**
 * The devices of `ids` that the caller reaches, in id order, locked for the rest of the
 * transaction so that two actions on one device run one after the other. Tenancy comes from the
 * engine's visibleRows: a device out of reach is simply not returned.
 */
export async function lockDevices(trx: Transaction<DB>, access: Access, ids: readonly number[]): Promise<DeviceRecord[]> {
  if (ids.length === 0) return [];
  const rows = await visibleRows(trx, devices, access, (eb) => eb('t.id', 'in', ids))
    .select((eb) => recordColumns(eb, devices))
    .orderBy('t.id')
    .forUpdate()
    .execute();
  return rows.map((row) => toRecord(row, devices) as DeviceRecord);
}

/** The devices of `ids` as they are now, in id order (after a write, inside its transaction). */
export async function readDevices(trx: Transaction<DB>, access: Access, ids: readonly number[]): Promise<DeviceRecord[]> {
  if (ids.length === 0) return [];
  const rows = await visibleRows(trx, devices, access, (eb) => eb('t.id', 'in', ids))
    .select((eb) => recordColumns(eb, devices))
    .orderBy('t.id')
    .execute();
  return rows.map((row) => toRecord(row, devices) as DeviceRecord);
}
