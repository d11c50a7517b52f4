/**
 * A provider's fee-for-service invoice for one month (issue 17; spec 002 sections 3 "Invoice preview",
 * 4 and 5): from the month's claims, the provider's negotiated tiers and the fee schedule, the lines,
 * the per-patient summary and breakdown, the validation issues and the totals. Pure: no clock, no
 * database; every amount in integer cents (money.ts). The rules:
 *
 * - **Tiers.** A pricing row prices one code from a volume on: the units of the month are numbered per
 *   code (by date of service, then patient, then claim), and unit n takes the row with the highest
 *   `volume_threshold` below n (0 is the first tier; 100 applies to units 101 onward until the next
 *   tier). Of the rows of one code and threshold, the one with the latest `as_of_date` on or before
 *   the unit's date of service is in force, so a new price from a date replaces the old from then on.
 * - **No row.** A code without a pricing row in force is billed at the fee schedule's national amount
 *   on the date of service (a fee-for-service provider pays the schedule unless it negotiated), or,
 *   for a hybrid provider, not on this invoice (its subscription covers the codes it did not price).
 *   A code with neither is a validation issue and is not billed.
 * - **Should not bill.** A patient never consented, or with no device activity ever, is not billed: the
 *   breakdown shows the patient with `should_not_bill` and the issue says why. A claim whose service
 *   ended before the patient's first billable day (the consent) is not billed either; a monthly claim
 *   of the consent's month is.
 * - **Issues that do not stop billing**: claims with no diagnosis code or no billing provider.
 * - Issues are one per patient and kind, naming the codes, so that a month of many claims reads.
 * - **Adjustments** are lines of their own (units x amount; a negative amount is a credit).
 */
import { feeScheduleAmount, type FeeScheduleAmount } from './feeSchedule';

export interface InvoiceClaim {
  id: number;
  patient_id: number;
  cpt_code: string;
  units: number;
  /** yyyy-mm-dd */
  date_of_service: string;
  /** yyyy-mm-dd: the last day a claim of a period covers (a monthly service's month end); null for one day. */
  end_date_of_service: string | null;
  icd10_ids: readonly string[];
  billing_provider: number | null;
}

export interface InvoicePatient {
  id: number;
  name: string;
  /** yyyy-mm-dd of the consent; null when never consented */
  first_billable_date: string | null;
  /** yyyy-mm-dd of the first reading ever; null when none */
  first_device_activity: string | null;
}

export interface PricingTier {
  cpt_code: string;
  volume_threshold: number;
  /** yyyy-mm-dd */
  as_of_date: string;
  fee_schedule_price_cents: number;
  negotiated_price_cents: number;
}

export interface InvoiceAdjustment {
  patient_id: number;
  description: string;
  units: number;
  amount_cents: number;
}

export interface InvoiceInput {
  claims: readonly InvoiceClaim[];
  patients: ReadonlyMap<number, InvoicePatient>;
  tiers: readonly PricingTier[];
  schedule: readonly FeeScheduleAmount[];
  /** Descriptions of the codes (billing_codes), for the lines. */
  codeNames: ReadonlyMap<string, string>;
  adjustments: readonly InvoiceAdjustment[];
  /** A hybrid provider's codes without a negotiated price are left to its subscription. */
  hybrid: boolean;
}

export interface InvoiceLine {
  description: string;
  units: number;
  unit_price_cents: number;
  amount_cents: number;
}

export interface BreakdownItem {
  claim_id: number;
  cpt_code: string;
  date_of_service: string;
  units: number;
  fee_schedule_price_cents: number;
  price_cents: number;
  tier: number;
  billed: boolean;
}

export interface PatientBreakdown {
  patient_id: number;
  patient_name: string;
  first_billable_date: string | null;
  first_device_activity: string | null;
  should_not_bill: boolean;
  /** The highest tier (1 = the first) any of the patient's billed units reached; null when none billed. */
  tier: number | null;
  items: BreakdownItem[];
  count: number;
  total_fee_schedule_price_cents: number;
  total_price_cents: number;
}

export interface ValidationIssue {
  patient_id: number;
  patient_name: string;
  issue: string;
}

export interface InvoiceComputation {
  validation_issues: ValidationIssue[];
  line_items: InvoiceLine[];
  breakdown: PatientBreakdown[];
  totals: {
    count: number;
    total_fee_schedule_price_cents: number;
    total_price_cents: number;
    adjustments_cents: number;
    total_cents: number;
  };
}

/** The tier in force for unit `unit` (1-based) of a code on `day`: its index (1-based) among the code's thresholds in force, and the row; null when the code has none. */
export function tierFor(tiers: readonly PricingTier[], code: string, unit: number, day: string): { tier: number; row: PricingTier } | null {
  const inForce = new Map<number, PricingTier>();
  for (const row of tiers) {
    if (row.cpt_code !== code || row.as_of_date > day) continue;
    const held = inForce.get(row.volume_threshold);
    if (!held || row.as_of_date > held.as_of_date) inForce.set(row.volume_threshold, row);
  }
  const thresholds = [...inForce.keys()].sort((a, b) => a - b);
  let index = -1;
  for (let i = 0; i < thresholds.length; i++) if ((thresholds[i] as number) < unit) index = i;
  if (index < 0) return null;
  return { tier: index + 1, row: inForce.get(thresholds[index] as number) as PricingTier };
}

/** The tiers grouped by code, so that pricing a unit reads its code's few rows rather than every row (a month holds tens of thousands of units). */
function tiersByCode(tiers: readonly PricingTier[]): Map<string, PricingTier[]> {
  const byCode = new Map<string, PricingTier[]>();
  for (const row of tiers) byCode.set(row.cpt_code, [...(byCode.get(row.cpt_code) ?? []), row]);
  return byCode;
}

const byService = (a: InvoiceClaim, b: InvoiceClaim) =>
  a.date_of_service < b.date_of_service ? -1 : a.date_of_service > b.date_of_service ? 1 : a.patient_id - b.patient_id || a.id - b.id;

/** Why a patient is not billed at all, or null. */
function notBillable(patient: InvoicePatient): string | null {
  if (!patient.first_billable_date) return 'Not billed: the patient has not consented';
  if (!patient.first_device_activity) return 'Not billed: the patient has no device activity';
  return null;
}

export function computeInvoice(input: InvoiceInput): InvoiceComputation {
  const issues: ValidationIssue[] = [];
  const breakdown = new Map<number, PatientBreakdown>();
  const patientOf = (id: number): InvoicePatient =>
    input.patients.get(id) ?? { id, name: `Patient ${String(id)}`, first_billable_date: null, first_device_activity: null };
  const rowOf = (id: number): PatientBreakdown => {
    let row = breakdown.get(id);
    if (!row) {
      const p = patientOf(id);
      row = {
        patient_id: id,
        patient_name: p.name,
        first_billable_date: p.first_billable_date,
        first_device_activity: p.first_device_activity,
        should_not_bill: notBillable(p) !== null,
        tier: null,
        items: [],
        count: 0,
        total_fee_schedule_price_cents: 0,
        total_price_cents: 0,
      };
      breakdown.set(id, row);
      const why = notBillable(p);
      if (why) issues.push({ patient_id: id, patient_name: p.name, issue: why });
    }
    return row;
  };

  const noted = new Map<number, { noDiagnosis: Set<string>; noBillingProvider: Set<string>; beforeConsent: Set<string>; noPrice: Set<string> }>();
  const notes = (patientId: number) => {
    let found = noted.get(patientId);
    if (!found) {
      found = { noDiagnosis: new Set(), noBillingProvider: new Set(), beforeConsent: new Set(), noPrice: new Set() };
      noted.set(patientId, found);
    }
    return found;
  };
  const tiers = tiersByCode(input.tiers);
  const tiered = new Set(input.tiers.filter((t) => t.volume_threshold > 0).map((t) => t.cpt_code));
  const scheduleByCode = new Map<string, FeeScheduleAmount[]>();
  for (const row of input.schedule) scheduleByCode.set(row.code, [...(scheduleByCode.get(row.code) ?? []), row]);
  // Lines keyed code, tier, price (zero-padded), so that sorting the keys orders them so.
  // Units numbered per code across the month, in service order: what the volume tiers count.
  const unitsSoFar = new Map<string, number>();
  const lines = new Map<string, InvoiceLine>();
  for (const claim of [...input.claims].sort(byService)) {
    const row = rowOf(claim.patient_id);
    const patient = patientOf(claim.patient_id);
    const noted = notes(claim.patient_id);
    if (claim.icd10_ids.length === 0) noted.noDiagnosis.add(claim.cpt_code);
    if (claim.billing_provider === null) noted.noBillingProvider.add(claim.cpt_code);
    const beforeConsent = patient.first_billable_date !== null && (claim.end_date_of_service ?? claim.date_of_service) < patient.first_billable_date;
    if (beforeConsent) noted.beforeConsent.add(claim.cpt_code);
    const billable = !row.should_not_bill && !beforeConsent;

    // Each unit may fall in a different tier: price them one by one, then group equal prices.
    const schedulePrice = feeScheduleAmount(scheduleByCode.get(claim.cpt_code) ?? [], claim.cpt_code, claim.date_of_service);
    const priced = new Map<string, BreakdownItem>();
    for (let u = 0; u < claim.units; u++) {
      const unit = billable ? (unitsSoFar.get(claim.cpt_code) ?? 0) + 1 : 0;
      if (billable) unitsSoFar.set(claim.cpt_code, unit);
      const tier = billable ? tierFor(tiers.get(claim.cpt_code) ?? [], claim.cpt_code, unit, claim.date_of_service) : null;
      let fee: number;
      let price: number;
      let tierNumber = 1;
      if (tier) {
        fee = tier.row.fee_schedule_price_cents;
        price = tier.row.negotiated_price_cents;
        tierNumber = tier.tier;
      } else if (schedulePrice !== null && !input.hybrid) {
        fee = schedulePrice;
        price = schedulePrice;
      } else {
        fee = schedulePrice ?? 0;
        price = 0;
      }
      const key = `${String(tierNumber)}:${String(price)}`;
      const item = priced.get(key);
      if (item) item.units += 1;
      else
        priced.set(key, {
          claim_id: claim.id,
          cpt_code: claim.cpt_code,
          date_of_service: claim.date_of_service,
          units: 1,
          fee_schedule_price_cents: fee,
          price_cents: price,
          tier: tierNumber,
          billed: billable && (tier !== null || (schedulePrice !== null && !input.hybrid)),
        });
    }
    if (billable && schedulePrice === null && [...priced.values()].some((item) => !item.billed)) noted.noPrice.add(claim.cpt_code);
    for (const item of priced.values()) {
      row.items.push(item);
      if (!item.billed) continue;
      row.count += item.units;
      row.total_fee_schedule_price_cents += item.units * item.fee_schedule_price_cents;
      row.total_price_cents += item.units * item.price_cents;
      row.tier = Math.max(row.tier ?? 0, item.tier);
      const name = input.codeNames.get(item.cpt_code);
      const description = `${item.cpt_code}${name ? ` ${name}` : ''}${tiered.has(item.cpt_code) ? ` (tier ${String(item.tier)})` : ''}`;
      const lineKey = `${item.cpt_code}:${String(item.tier).padStart(4, '0')}:${String(item.price_cents).padStart(9, '0')}`;
      const line = lines.get(lineKey) ?? { description, units: 0, unit_price_cents: item.price_cents, amount_cents: 0 };
      line.units += item.units;
      line.amount_cents = line.units * line.unit_price_cents;
      lines.set(lineKey, line);
    }
  }

  const codes = (set: Set<string>) => [...set].sort().join(', ');
  for (const [patientId, n] of noted) {
    const patient = patientOf(patientId);
    const say = (issue: string) => issues.push({ patient_id: patientId, patient_name: patient.name, issue });
    if (n.beforeConsent.size) say(`Not billed before the first billable date ${String(patient.first_billable_date)}: ${codes(n.beforeConsent)}`);
    if (n.noPrice.size) say(`Not billed, no pricing row and no fee schedule amount: ${codes(n.noPrice)}`);
    if (n.noDiagnosis.size) say(`No diagnosis code on the claims for ${codes(n.noDiagnosis)}`);
    if (n.noBillingProvider.size) say(`No billing provider on the claims for ${codes(n.noBillingProvider)}`);
  }

  const claimLines = [...lines.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
  const adjustmentLines = input.adjustments.map((a) => ({
    description: `${a.description} (${patientOf(a.patient_id).name})`,
    units: a.units,
    unit_price_cents: a.amount_cents,
    amount_cents: a.units * a.amount_cents,
  }));
  const rows = [...breakdown.values()].sort((a, b) => a.patient_name.localeCompare(b.patient_name) || a.patient_id - b.patient_id);
  const totalPrice = rows.reduce((sum, r) => sum + r.total_price_cents, 0);
  const adjustments = adjustmentLines.reduce((sum, l) => sum + l.amount_cents, 0);
  return {
    // Grouped by patient, in the breakdown's order (stable: each patient's issues as they were found).
    validation_issues: issues.sort((a, b) => a.patient_name.localeCompare(b.patient_name) || a.patient_id - b.patient_id),
    line_items: [...claimLines, ...adjustmentLines],
    breakdown: rows,
    totals: {
      count: rows.reduce((sum, r) => sum + r.count, 0),
      total_fee_schedule_price_cents: rows.reduce((sum, r) => sum + r.total_fee_schedule_price_cents, 0),
      total_price_cents: totalPrice,
      adjustments_cents: adjustments,
      total_cents: totalPrice + adjustments,
    },
  };
}
