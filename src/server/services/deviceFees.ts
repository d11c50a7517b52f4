import type { Transaction } from 'kysely';
import { DEVICE_ONE_TIME_FEE } from '../../domain/deviceActions';
import type { DB } from '../db/schema';

/**
 * Records DEVICE_ONE_TIME_FEE for each device that now belongs to a provider and was never
 * charged: the first time a device goes to a provider (created for one, assigned to a customer,
 * or moved by a bulk edit). A device that moves on to another provider is not charged again.
 */
export async function chargeFirstDeviceFees(trx: Transaction<DB>, devices: readonly { id: number; tenant_id: number | null }[]): Promise<void> {
  const owned = devices.filter((d): d is { id: number; tenant_id: number } => d.tenant_id !== null);
  if (owned.length === 0) return;
  const charged = await trx
    .selectFrom('device_one_time_fees')
    .select('device_id')
    .where(
      'device_id',
      'in',
      owned.map((d) => d.id),
    )
    .where('fee_type', '=', DEVICE_ONE_TIME_FEE.fee_type)
    .execute();
  const done = new Set(charged.map((c) => c.device_id));
  const due = owned.filter((d) => !done.has(d.id));
  if (due.length === 0) return;
  await trx
    .insertInto('device_one_time_fees')
    .values(due.map((d) => ({ device_id: d.id, tenant_id: d.tenant_id, amount: DEVICE_ONE_TIME_FEE.amount, fee_type: DEVICE_ONE_TIME_FEE.fee_type })))
    .execute();
}
