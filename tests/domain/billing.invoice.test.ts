import { describe, expect, test } from 'vitest';
import { feeScheduleAmount, type FeeScheduleAmount } from '../../src/domain/billing/feeSchedule';
import { computeInvoice, tierFor, type InvoiceClaim, type InvoiceInput, type InvoicePatient, type PricingTier } from '../../src/domain/billing/invoice';
import { scaleCents, toCents, toDollars } from '../../src/domain/billing/money';

const SCHEDULE: FeeScheduleAmount[] = [
  { code: '99458', effective_from: '2025-01-01', effective_to: '2025-12-31', amount_cents: 3849 },
  { code: '99091', effective_from: '2025-01-01', effective_to: '2025-12-31', amount_cents: 5129 },
  { code: '99454', effective_from: '2025-01-01', effective_to: '2025-12-31', amount_cents: 4302 },
  { code: '99454', effective_from: '2026-01-01', effective_to: null, amount_cents: 4442 },
  { code: '99457', effective_from: '2025-01-01', effective_to: '2025-12-31', amount_cents: 4787 },
  { code: '99457', effective_from: '2026-01-01', effective_to: null, amount_cents: 4943 },
];

const tier = (cpt_code: string, volume_threshold: number, negotiated: number, as_of_date = '2025-01-01', fee = 4302): PricingTier => ({
  cpt_code,
  volume_threshold,
  as_of_date,
  fee_schedule_price_cents: fee,
  negotiated_price_cents: negotiated,
});

const patient = (id: number, extra: Partial<InvoicePatient> = {}): InvoicePatient => ({
  id,
  name: `Patient ${String(id).padStart(3, '0')}`,
  first_billable_date: '2025-01-01',
  first_device_activity: '2025-01-02',
  ...extra,
});

let claimId = 0;
const claim = (patient_id: number, cpt_code: string, date_of_service: string, units = 1, extra: Partial<InvoiceClaim> = {}): InvoiceClaim => ({
  id: ++claimId,
  patient_id,
  cpt_code,
  units,
  date_of_service,
  end_date_of_service: null,
  icd10_ids: ['I10'],
  billing_provider: 7,
  ...extra,
});

const input = (over: Partial<InvoiceInput>): InvoiceInput => ({
  claims: [],
  patients: new Map(),
  tiers: [],
  schedule: SCHEDULE,
  codeNames: new Map([['99454', 'Device supply']]),
  adjustments: [],
  hybrid: false,
  ...over,
});

const patientsOf = (n: number) => new Map(Array.from({ length: n }, (_, i) => [i + 1, patient(i + 1)]));

describe('money', () => {
  test('dollars and cents convert exactly, and scaling rounds half up once', () => {
    expect(toCents(43.02)).toBe(4302);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toDollars(4302)).toBe(43.02);
    expect(scaleCents(4302, 80, 100)).toBe(3442); // 34.416
    expect(scaleCents(4305, 50, 100)).toBe(2153); // 21.525 rounds up
    expect(scaleCents(4304, 50, 100)).toBe(2152);
    expect(scaleCents(-4305, 50, 100)).toBe(-2153); // a credit rounds away from zero
    expect(scaleCents(4787, 12310, 10_000)).toBe(5893); // 58.92797 at a locality's 1.2310
  });
});

describe('the fee schedule', () => {
  test('a day takes the amount in force that day: 2025 and 2026 differ', () => {
    expect(feeScheduleAmount(SCHEDULE, '99454', '2025-12-31')).toBe(4302);
    expect(feeScheduleAmount(SCHEDULE, '99454', '2026-01-01')).toBe(4442);
    expect(feeScheduleAmount(SCHEDULE, '99999', '2026-01-01')).toBeNull();
    expect(feeScheduleAmount(SCHEDULE, '99454', '2024-06-01')).toBeNull();
  });
});

describe('tiers', () => {
  const tiers = [tier('99454', 0, 3600), tier('99454', 100, 3000), tier('99454', 250, 2500)];
  test('0 is the first tier; 100 applies from unit 101 until the next tier', () => {
    expect(tierFor(tiers, '99454', 1, '2025-05-01')?.row.negotiated_price_cents).toBe(3600);
    expect(tierFor(tiers, '99454', 100, '2025-05-01')?.tier).toBe(1);
    expect(tierFor(tiers, '99454', 101, '2025-05-01')).toMatchObject({ tier: 2, row: { negotiated_price_cents: 3000 } });
    expect(tierFor(tiers, '99454', 250, '2025-05-01')?.tier).toBe(2);
    expect(tierFor(tiers, '99454', 251, '2025-05-01')).toMatchObject({ tier: 3, row: { negotiated_price_cents: 2500 } });
    expect(tierFor(tiers, '99457', 1, '2025-05-01')).toBeNull();
  });

  test('a row applies from its date; a later row of the same threshold replaces it', () => {
    const dated = [tier('99454', 0, 3600, '2025-01-01'), tier('99454', 0, 3700, '2026-01-01', 4442)];
    expect(tierFor(dated, '99454', 1, '2025-12-31')?.row.negotiated_price_cents).toBe(3600);
    expect(tierFor(dated, '99454', 1, '2026-01-01')?.row.negotiated_price_cents).toBe(3700);
    expect(tierFor(dated, '99454', 1, '2024-12-31')).toBeNull();
  });

  test('the 100th and 101st units of a month are priced at their own tiers, in service order', () => {
    const claims = Array.from({ length: 101 }, (_, i) => claim(i + 1, '99454', i < 100 ? '2025-05-10' : '2025-05-20'));
    const result = computeInvoice(input({ claims, patients: patientsOf(101), tiers: [tier('99454', 0, 3600), tier('99454', 100, 3000)] }));
    expect(result.line_items).toEqual([
      { description: '99454 Device supply (tier 1)', units: 100, unit_price_cents: 3600, amount_cents: 360000 },
      { description: '99454 Device supply (tier 2)', units: 1, unit_price_cents: 3000, amount_cents: 3000 },
    ]);
    expect(result.breakdown.find((p) => p.patient_id === 101)?.tier).toBe(2);
    expect(result.breakdown.find((p) => p.patient_id === 100)?.tier).toBe(1);
    expect(result.totals.total_cents).toBe(363000);
  });

  test('one claim of several units can straddle a threshold', () => {
    const claims = [claim(1, '99454', '2025-05-01', 99), claim(2, '99454', '2025-05-02', 3)];
    const result = computeInvoice(input({ claims, patients: patientsOf(2), tiers: [tier('99454', 0, 3600), tier('99454', 100, 3000)] }));
    const second = result.breakdown.find((p) => p.patient_id === 2);
    expect(second?.items.map((i) => [i.units, i.price_cents, i.tier])).toEqual([
      [1, 3600, 1],
      [2, 3000, 2],
    ]);
    expect(second?.total_price_cents).toBe(3600 + 6000);
  });
});

describe('an invoice', () => {
  test('a month of 2025 and one of 2026 are priced from their own schedule and tiers', () => {
    const tiers = [tier('99454', 0, 3657, '2025-01-01', 4302), tier('99454', 0, 3776, '2026-01-01', 4442)];
    const may2025 = computeInvoice(input({ claims: [claim(1, '99454', '2025-05-03')], patients: patientsOf(1), tiers }));
    const may2026 = computeInvoice(input({ claims: [claim(1, '99454', '2026-05-03')], patients: patientsOf(1), tiers }));
    expect(may2025.totals).toMatchObject({ total_fee_schedule_price_cents: 4302, total_price_cents: 3657 });
    expect(may2026.totals).toMatchObject({ total_fee_schedule_price_cents: 4442, total_price_cents: 3776 });
    // Without a negotiated row the national amount of the date of service is billed.
    const plain = (day: string) => computeInvoice(input({ claims: [claim(1, '99457', day)], patients: patientsOf(1) })).totals.total_cents;
    expect([plain('2025-05-03'), plain('2026-05-03')]).toEqual([4787, 4943]);
  });

  test('every line amount is units x unit price, and the total is the lines plus adjustments', () => {
    const claims = [claim(1, '99454', '2025-05-03'), claim(2, '99454', '2025-05-04'), claim(2, '99457', '2025-05-04', 2)];
    const result = computeInvoice(
      input({
        claims,
        patients: patientsOf(2),
        tiers: [tier('99454', 0, 3442)],
        adjustments: [{ patient_id: 1, description: 'Replacement cuff', units: 2, amount_cents: 1250 }],
      }),
    );
    for (const line of result.line_items) expect(line.amount_cents).toBe(line.units * line.unit_price_cents);
    expect(result.line_items.at(-1)).toEqual({ description: 'Replacement cuff (Patient 001)', units: 2, unit_price_cents: 1250, amount_cents: 2500 });
    expect(result.totals).toEqual({
      count: 4,
      total_fee_schedule_price_cents: 2 * 4302 + 2 * 4787,
      total_price_cents: 2 * 3442 + 2 * 4787,
      adjustments_cents: 2500,
      total_cents: 2 * 3442 + 2 * 4787 + 2500,
    });
  });

  test('a patient never consented or with no device activity is not billed, and says why', () => {
    const patients = new Map([
      [1, patient(1, { first_billable_date: null })],
      [2, patient(2, { first_device_activity: null })],
      [3, patient(3)],
    ]);
    const result = computeInvoice(input({ claims: [1, 2, 3].map((p) => claim(p, '99454', '2025-05-03')), patients }));
    expect(result.breakdown.map((p) => [p.patient_id, p.should_not_bill, p.count])).toEqual([
      [1, true, 0],
      [2, true, 0],
      [3, false, 1],
    ]);
    expect(result.validation_issues.map((i) => [i.patient_id, i.issue])).toEqual([
      [1, 'Not billed: the patient has not consented'],
      [2, 'Not billed: the patient has no device activity'],
    ]);
    expect(result.totals.total_cents).toBe(4302);
  });

  test('a claim that ended before the consent is not billed; missing diagnoses and billing providers are issues that still bill', () => {
    const patients = new Map([[1, patient(1, { first_billable_date: '2025-05-10' })]]);
    const result = computeInvoice(
      input({
        claims: [
          claim(1, '99454', '2025-05-03'),
          // A monthly claim dated the month's first day covers the month: the consent's month is billed.
          claim(1, '99458', '2025-05-01', 1, { end_date_of_service: '2025-05-31' }),
          claim(1, '99457', '2025-05-12', 1, { icd10_ids: [], billing_provider: null }),
          claim(1, '99091', '2025-05-13', 1, { icd10_ids: [] }),
        ],
        patients,
      }),
    );
    expect(result.totals.total_cents).toBe(3849 + 4787 + 5129);
    expect(result.validation_issues.map((i) => i.issue)).toEqual([
      'Not billed before the first billable date 2025-05-10: 99454',
      'No diagnosis code on the claims for 99091, 99457',
      'No billing provider on the claims for 99457',
    ]);
  });

  test('a hybrid provider is invoiced only the codes it priced; a code with no price at all is an issue', () => {
    const claims = [claim(1, '99454', '2025-05-03'), claim(1, '99457', '2025-05-03'), claim(1, '99999', '2025-05-03')];
    const hybrid = computeInvoice(input({ claims, patients: patientsOf(1), tiers: [tier('99457', 0, 4000, '2025-01-01', 4787)], hybrid: true }));
    expect(hybrid.line_items.map((l) => l.description)).toEqual(['99457']);
    expect(hybrid.totals.total_cents).toBe(4000);
    const plain = computeInvoice(input({ claims, patients: patientsOf(1) }));
    expect(plain.validation_issues.map((i) => i.issue)).toContain('Not billed, no pricing row and no fee schedule amount: 99999');
    expect(plain.totals.total_cents).toBe(4302 + 4787);
  });
});
