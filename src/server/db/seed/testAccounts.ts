import type { Kysely } from 'kysely';
import { TEST_ACCOUNT_DEVICES, TEST_ACCOUNTS } from '../../../domain/testAccounts';
import type { DB } from '../schema';

const DAY_MS = 86_400_000;

/**
 * The six test patient accounts of the Testing page (src/domain/testAccounts.ts) in one provider:
 * active patients of their condition, with the demo password (for the mobile apps; the console
 * refuses patients). Each non-base account gets its condition's devices, assigned and received,
 * so the activity generator gives them history; base accounts start bare. Deterministic: fixed
 * names, birthdates and IMEIs (98 + 13 digits, apart from the demo devices' 86 and the Testing
 * page's 990).
 */
export async function insertTestAccounts(db: Kysely<DB>, p: { tenantId: number; passwordHash: string; anchor: Date }): Promise<void> {
  for (const [index, account] of TEST_ACCOUNTS.entries()) {
    const user = await db
      .insertInto('users')
      .values({
        email: account.email,
        first_name: 'Test',
        last_name: account.label,
        role: 'patient',
        tenant_id: p.tenantId,
        password_hash: p.passwordHash,
        is_email_verified: true,
        registered_on: new Date(p.anchor.getTime() - 60 * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const patient = await db
      .insertInto('patients')
      .values({
        user_id: user.id,
        tenant_id: p.tenantId,
        patient_status: 'active',
        birthdate: `${1950 + index}-01-15`,
        gender: index % 2 === 0 ? 'Female' : 'Male',
        primary_condition: account.condition,
        care_setting: 'home',
        priority: 'normal',
        created_at: new Date(p.anchor.getTime() - 60 * DAY_MS),
        enrolled_on: new Date(p.anchor.getTime() - 45 * DAY_MS),
        consented_on: new Date(p.anchor.getTime() - 50 * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (account.base) continue;
    const types = TEST_ACCOUNT_DEVICES[account.condition];
    await db
      .insertInto('devices')
      .values(
        types.map((type, i) => ({
          external_id: `98${String(index * 10 + i).padStart(13, '0')}`,
          device_manufacturer: 'other',
          device_type: type,
          device_model: 'Test device',
          tenant_id: p.tenantId,
          patient_id: patient.id,
          status: 'active',
          added_on: new Date(p.anchor.getTime() - 46 * DAY_MS),
          assigned_on: new Date(p.anchor.getTime() - 45 * DAY_MS),
          device_received: true,
          misc_data: '{}',
        })),
      )
      .execute();
  }
}
