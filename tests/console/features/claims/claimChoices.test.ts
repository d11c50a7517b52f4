import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScreenOf } from '../../../../schemas/screen';
import claimsListJson from '../../../../screens/claim-items.list.json';
import { screenRegistries } from '../../../../src/console/features';
import { claimChoices } from '../../../../src/console/features/claims/claimChoices';
import { CLAIM_CPT_CODES } from '../../../../src/console/features/claims/claimCodes';
import { CLAIM_EXPORT_DISCLAIMER } from '../../../../src/domain/billing/claims';
import { environmentFor } from '../../helpers/environments';

const claimsList = claimsListJson as unknown as ScreenOf<'list'>;
const values = (choices: readonly { value: unknown }[]) => choices.map((choice) => choice.value);

describe('the claim choice sources', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it("offers the code set's CPT codes: every code of billing_codes (migration 0019), spec 9's RTM codes among them", () => {
    const migration = readFileSync(join(import.meta.dirname, '../../../../src/server/db/migrations/0019_billing_codes.sql'), 'utf8');
    const inserted = [...migration.matchAll(/^\s*\('(\d{5})', '/gm)].map((match) => match[1]);
    expect([...CLAIM_CPT_CODES]).toEqual([...new Set(inserted)].sort());
    expect(CLAIM_CPT_CODES).toEqual(expect.arrayContaining(['98975', '98976', '98977', '98980', '98981', '99453', '99091', '99427']));
    expect(claimChoices.claim_cpt_codes()).toEqual(CLAIM_CPT_CODES.map((code) => ({ value: code, label: code })));
  });

  it("offers export years from 2022 to the current year of the user's zone", () => {
    // New Year's Eve in New York, already 2027 in UTC: the user's year is 2026.
    vi.setSystemTime(new Date('2027-01-01T03:00:00Z'));
    const years = values(claimChoices.claim_export_years(environmentFor('internal_billing_admin')));
    expect(years).toEqual(['2022', '2023', '2024', '2025', '2026']);
    vi.setSystemTime(new Date('2027-01-01T12:00:00Z'));
    expect(values(claimChoices.claim_export_years(environmentFor('admin'))).at(-1)).toBe('2027');
  });

  it('covers every entry, each one a source of the choice registry', () => {
    expect(Object.keys(claimChoices).sort()).toEqual(['claim_cpt_codes', 'claim_export_years']);
    for (const name of Object.keys(claimChoices)) expect(screenRegistries.choices).toHaveProperty(name);
  });
});

describe('the Claims screen definition', () => {
  it('filters by the same CPT codes the Add Claim form offers', () => {
    const filter = claimsList.filters?.find((f) => f.field === 'cpt_code');
    expect(values((filter?.options as { choices: { value: string }[] }).choices)).toEqual([...CLAIM_CPT_CODES]);
  });

  it('shows the export disclaimer the PDF prints (spec 002 section 9)', () => {
    const exportAction = claimsList.actions?.find((action) => action.name === 'export');
    expect(exportAction).toMatchObject({ type: 'download', message: CLAIM_EXPORT_DISCLAIMER, error: 'Error exporting claims.' });
  });
});
