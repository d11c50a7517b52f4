import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../schema';

/** What patients write about, each with the text of one ticket (made up; no real person). */
const TICKETS = [
  { category: 'Device', text: 'My blood pressure cuff shows an error E2 every morning.', device: true },
  { category: 'Device', text: 'The scale does not turn on, I changed the batteries already.', device: true },
  { category: 'App', text: 'The app logs me out every time I open it.', device: false },
  { category: 'Readings', text: 'My readings from yesterday are not in the app.', device: true },
  { category: 'Billing', text: 'I received a bill for the monitoring program, is this right?', device: false },
  { category: 'App', text: 'I cannot find where to answer my weekly questions.', device: false },
  { category: 'Device', text: 'The glucometer strips ran out, how do I get more?', device: true },
  { category: 'Other', text: 'Please call me back about my next appointment.', device: false },
] as const;

const DAY = 86_400_000;

/**
 * The demo's support tickets (spec 002 section 2, "Support tickets"): twelve, spread over the demo
 * providers' active patients (every provider gets some), each about one of the patient's devices
 * where it concerns one; the older third closed (status closed, closed true, no reviewed_on), the
 * others open. Deterministic: from the ids and the anchor.
 */
export async function seedSupportTickets(db: Kysely<DB>, anchor: Date): Promise<void> {
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select([
      'p.id',
      'p.user_id',
      'p.tenant_id',
      (eb) => eb.selectFrom('devices as d').select('d.id').whereRef('d.patient_id', '=', 'p.id').orderBy('d.id').limit(1).as('device_id'),
    ])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .orderBy('p.tenant_id')
    .orderBy('p.id')
    .execute();
  const byTenant = new Map<number, typeof patients>();
  for (const patient of patients) byTenant.set(patient.tenant_id, [...(byTenant.get(patient.tenant_id) ?? []), patient]);
  const lists = [...byTenant.values()];
  if (lists.length === 0) return;

  const tickets: Insertable<DB['support_tickets']>[] = [];
  for (let i = 0; i < 12; i++) {
    const list = lists[i % lists.length] as typeof patients;
    const patient = list[(Math.floor(i / lists.length) * 3) % list.length];
    if (!patient) continue;
    const kind = TICKETS[i % TICKETS.length] as (typeof TICKETS)[number];
    const closed = i % 3 === 2;
    tickets.push({
      tenant_id: patient.tenant_id,
      user_id: patient.user_id,
      patient_id: patient.id,
      category: kind.category,
      description: kind.text,
      device_id: kind.device ? patient.device_id : null,
      status: closed ? 'closed' : 'open',
      closed,
      created_on: new Date(anchor.getTime() - (2 + i * 4) * DAY + (i % 5) * 3_600_000),
      reviewed_on: null,
    });
  }
  await db.insertInto('support_tickets').values(tickets).execute();
}
