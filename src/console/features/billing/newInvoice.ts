import type { ChosenRecord } from '../../renderer/core/filterQueries';

/** The vendors an invoice may be issued through (spec 002 section 5: only Stripe is offered). */
export const INVOICE_VENDORS = [{ value: 'stripe', label: 'Stripe' }] as const;

/** An adjustment row as typed: a patient of the provider, a description, units and an amount in dollars. */
export interface AdjustmentDraft {
  key: number;
  patient: ChosenRecord | null;
  description: string;
  units: string;
  amount: string;
}

/** What the New Invoice dialog holds. */
export interface InvoiceDraft {
  /** 'yyyy-mm-01', a choice of `monthChoices`, or '' before one is chosen. */
  month: string;
  vendor: string;
  /** 'yyyy-mm-dd' or ''. */
  dueDate: string;
  adjustments: readonly AdjustmentDraft[];
}

export type InvoiceErrors = Partial<Record<'month' | 'vendor', string>> & {
  adjustments?: Record<number, Partial<Record<'patient' | 'description' | 'units' | 'amount', string>>>;
};

const REQUIRED = 'Required';
const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;

export const newAdjustment = (key: number): AdjustmentDraft => ({ key, patient: null, description: '', units: '1', amount: '' });

/**
 * The checks of spec 002 section 5 ("Invoice preview"): month-year and vendor required; each adjustment needs a
 * patient, a description, whole units (1 by default) and an amount in dollars with at most 2 decimals.
 * No key means nothing is wrong.
 */
export function invoiceErrors(draft: InvoiceDraft): InvoiceErrors {
  const errors: InvoiceErrors = {};
  if (draft.month === '') errors.month = REQUIRED;
  if (draft.vendor === '') errors.vendor = REQUIRED;
  for (const adjustment of draft.adjustments) {
    const row: Partial<Record<'patient' | 'description' | 'units' | 'amount', string>> = {};
    if (adjustment.patient === null) row.patient = REQUIRED;
    if (adjustment.description.trim() === '') row.description = REQUIRED;
    if (adjustment.units.trim() === '') row.units = REQUIRED;
    else if (!/^\d+$/.test(adjustment.units.trim())) row.units = 'Must be a whole number';
    if (adjustment.amount.trim() === '') row.amount = REQUIRED;
    else if (!TWO_DECIMALS.test(adjustment.amount.trim())) row.amount = 'Must be an amount in dollars with at most 2 decimals';
    if (Object.keys(row).length > 0) errors.adjustments = { ...errors.adjustments, [adjustment.key]: row };
  }
  return errors;
}

export const hasErrors = (errors: InvoiceErrors) => Object.keys(errors).length > 0;

/** The body of POST providers/{id}/fee-for-service-invoice (src/server/routes/providerBilling/README.md). */
export function invoiceRequest(draft: InvoiceDraft, isPreview: boolean) {
  return {
    month: Number(draft.month.slice(5, 7)),
    year: Number(draft.month.slice(0, 4)),
    is_preview: isPreview,
    due_date: draft.dueDate === '' ? null : draft.dueDate,
    vendor: draft.vendor,
    adjustments: draft.adjustments.map((adjustment) => ({
      patient_id: adjustment.patient?.id,
      description: adjustment.description.trim(),
      units: Number(adjustment.units),
      amount: Number(adjustment.amount),
    })),
  };
}

/** The preview's answer (spec 002 section 3, "Invoice preview"); amounts in dollars. */
export interface InvoicePreview {
  validation_issues?: readonly { patient_name?: string; patient_id?: number; issue?: string }[];
  line_items?: readonly { description?: string; units?: number; unit_price?: number; amount?: number }[];
  summary?: readonly { patient_id?: number; 'Patient Name'?: string; count?: number; total_fee_schedule_price?: number; total_price?: number }[];
  totals?: { count?: number; total_fee_schedule_price?: number; total_price?: number; adjustments?: number; total?: number };
  detailed_breakdown?: readonly {
    patient_name?: string;
    patient_id?: number;
    first_billable_date?: string | null;
    first_device_activity?: string | null;
    should_not_bill?: boolean;
    tier?: number | string | null;
    items?: readonly { cpt_code?: string; units?: number; fee_schedule_price?: number; price?: number }[];
    total_fee_schedule_price?: number;
    total_price?: number;
  }[];
}
