import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../schema';
import { FIRST_NAMES_BY_SEX, LAST_NAMES } from './names';

/** A fictional number of the 555-01xx range set aside for fiction (area code of the demo's Madison clinics), stored as E.164. */
const fictionalPhone = (n: number) => `+1608555${String(100 + (n % 100)).padStart(4, '0')}`;

const otherSex = (sex: string) => (sex === 'Male' ? 'Female' : 'Male');

/**
 * The demo's Family & Contacts (spec 001 section 2, profile section 8): each active demo patient has an
 * emergency contact with a cell phone (a spouse, or a grown child, or a caregiver) and, most of them, a
 * second contact (a child, a sibling as a family member, a neighbour); every 5th has only the first, and
 * every 7th none, so that the empty section shows. Names come from the seed's made-up names; phones are
 * in the fictional 555-01xx range; e-mails are at example.org. Deterministic: from the ids.
 */
export async function seedContacts(db: Kysely<DB>, anchor: Date): Promise<void> {
  const patients = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.tenant_id', 'p.gender', 'u.last_name'])
    .where(sql<boolean>`t.slug not like 'scale-%'`)
    .where('p.patient_status', '=', 'active')
    .orderBy('p.id')
    .execute();
  const firstName = (sex: string, n: number) => {
    const names = FIRST_NAMES_BY_SEX[sex === 'Male' ? 'Male' : 'Female'];
    return names[n % names.length] as string;
  };
  const lastName = (n: number) => LAST_NAMES[n % LAST_NAMES.length] as string;
  const email = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.org';

  const contacts: Insertable<DB['contacts']>[] = [];
  for (const patient of patients) {
    if (patient.id % 7 === 0) continue;
    const own = { tenant_id: patient.tenant_id, patient_id: patient.id };
    const sex = patient.gender ?? 'Female';
    const family = patient.last_name;
    // Contacts were added while the patient was being enrolled, the second a little later.
    const added = (daysAgo: number) => new Date(anchor.getTime() - daysAgo * 86_400_000);

    // The emergency contact: a spouse on two of three, else a grown child, or a paid caregiver.
    const kind = patient.id % 3 === 2 ? (patient.id % 2 === 0 ? 'caregiver' : 'child') : 'spouse';
    const first = kind === 'spouse' ? firstName(otherSex(sex), patient.id * 7) : firstName(patient.id % 2 === 0 ? 'Female' : 'Male', patient.id * 11);
    const last = kind === 'caregiver' ? lastName(patient.id * 13) : family;
    contacts.push({
      ...own,
      full_name: `${first} ${last}`,
      relationship_to_patient: kind,
      cell_phone_number: fictionalPhone(patient.id),
      home_phone_number: kind === 'spouse' && patient.id % 2 === 0 ? fictionalPhone(patient.id + 50) : null,
      email: patient.id % 4 === 0 ? email(first, last) : null,
      is_emergency_contact: true,
      notes: kind === 'caregiver' ? 'Home health aide, weekdays 8 am to 4 pm.' : null,
      created_at: added(300 + (patient.id % 200)),
      updated_at: added(300 + (patient.id % 200)),
    });

    if (patient.id % 5 === 0) continue;
    const second = patient.id % 3 === 0 ? 'family_member' : patient.id % 3 === 1 ? 'child' : 'other';
    const secondFirst = firstName(patient.id % 2 === 0 ? 'Male' : 'Female', patient.id * 17 + 3);
    const secondLast = second === 'other' ? lastName(patient.id * 19 + 5) : family;
    contacts.push({
      ...own,
      full_name: `${secondFirst} ${secondLast}`,
      relationship_to_patient: second,
      cell_phone_number: patient.id % 2 === 0 ? fictionalPhone(patient.id + 31) : null,
      home_phone_number: patient.id % 2 === 1 ? fictionalPhone(patient.id + 67) : null,
      email: patient.id % 3 === 1 ? email(secondFirst, secondLast) : null,
      is_emergency_contact: false,
      notes: second === 'other' ? 'Neighbor; has a spare key to the house.' : null,
      created_at: added(100 + (patient.id % 150)),
      updated_at: added(100 + (patient.id % 150)),
    });
  }
  for (let i = 0; i < contacts.length; i += 1000)
    await db
      .insertInto('contacts')
      .values(contacts.slice(i, i + 1000))
      .execute();
}
