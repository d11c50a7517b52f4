import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** GET /attendances/ongoing: the user's open attendance (checked in, not out), the latest if several, or null. */
export async function ongoingAttendance(db: Kysely<DB>, userId: number): Promise<{ id: number } | null> {
  const open = await db
    .selectFrom('attendances')
    .select('id')
    .where('user_id', '=', userId)
    .where('check_out_time', 'is', null)
    .orderBy('check_in_time', 'desc')
    .executeTakeFirst();
  return open ?? null;
}
