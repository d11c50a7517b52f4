import type { Transaction } from 'kysely';
import type { DeviceActivityType } from '../../domain/enums';
import type { DB } from '../db/schema';
import type { Identity } from '../plugins/identity';

/** One event of a device's history, as a device action leaves it. */
export interface DeviceEvent {
  device_id: number;
  /** The device's provider and patient after the change (an unassignment keeps the patient it left). */
  tenant_id: number | null;
  patient_id: number | null;
  activity_type: DeviceActivityType;
  /** What changed, with a `message` the Events card shows. */
  value: Record<string, unknown>;
}

/** Writes one event in a device's history, signed by the caller, in the caller's transaction. */
export async function recordDeviceEvent(trx: Transaction<DB>, actor: Identity, event: DeviceEvent): Promise<void> {
  await trx
    .insertInto('device_activities')
    .values({ ...event, value: JSON.stringify(event.value), actor_id: actor.id, actor_name: actor.full_name })
    .execute();
}
