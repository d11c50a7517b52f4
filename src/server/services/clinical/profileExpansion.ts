import type { Kysely } from 'kysely';
import { missingProfile } from '../../../domain/clinical/missingProfile';
import type { DB } from '../../db/schema';
import type { Values } from '../../resources/defineResource';

/**
 * `meta={"expand": ["profile"]}` on patients (spec 001 section 2: the record "is loaded with profile,
 * measure_reports and observations expanded"): the profile is a column, always there; the expansion
 * adds `profile.missing_profile`, the items the clinical view needs that are empty (src/domain/clinical/missingProfile.ts).
 */
export function expandProfile(_db: Kysely<DB>, records: Values[]): Promise<void> {
  for (const record of records) {
    const profile = typeof record.profile === 'object' && record.profile !== null ? (record.profile as Values) : {};
    record.profile = { ...profile, missing_profile: missingProfile(record) };
  }
  return Promise.resolve();
}
