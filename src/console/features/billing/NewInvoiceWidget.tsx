import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { timeZoneOf } from '../../renderer/core/context';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { RecordCombobox } from '../../renderer/skin/RecordCombobox';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { monthChoices, registrationOf } from '../patientExport/monthChoices';
import { InvoicePreviewView } from './InvoicePreviewView';
import { hasErrors, invoiceErrors, INVOICE_VENDORS, newAdjustment, type AdjustmentDraft, type InvoiceDraft, type InvoiceErrors } from './newInvoice';
import { useNewInvoice } from './useNewInvoice';

const EMPTY_DRAFT: InvoiceDraft = { month: '', vendor: '', dueDate: '', adjustments: [] };

function Field({ label, error, children, id }: { label: string; error: string | undefined; children: ReactNode; id: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error && (
        <p id={`${id}__error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const invalid = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}__error` } : {});

/**
 * New Invoice (spec 002 sections 4 and 5): a fee-for-service invoice for a month of the provider (from its
 * registration month to the current one, newest first), through a vendor (Stripe), with a due date and
 * adjustments; Preview shows what the invoice would hold, and Submit, enabled only while the preview answers
 * what the dialog holds now, issues it.
 */
export function NewInvoiceWidget() {
  const record = useEvalContext().record as { id?: unknown; registered_on?: unknown } | undefined;
  const timeZone = timeZoneOf(useScreenEnvironment());
  const months = useMemo(() => monthChoices(registrationOf(record?.registered_on), new Date(), timeZone), [record?.registered_on, timeZone]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<InvoiceDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<InvoiceErrors>({});
  const nextKey = useRef(1);
  const close = () => {
    setOpen(false);
    setDraft(EMPTY_DRAFT);
    setErrors({});
    calls.preview.reset();
  };
  const calls = useNewInvoice(record?.id, close);
  const ids = { month: useId(), vendor: useId(), due: useId() };
  // Any change makes the preview stale: Submit waits for a new one.
  const change = (next: Partial<InvoiceDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    calls.preview.reset();
  };
  const changeAdjustment = (key: number, next: Partial<AdjustmentDraft>) =>
    change({ adjustments: draft.adjustments.map((adjustment) => (adjustment.key === key ? { ...adjustment, ...next } : adjustment)) });
  const runPreview = () => {
    const found = invoiceErrors(draft);
    setErrors(found);
    if (!hasErrors(found)) calls.preview.mutate(draft);
  };
  const preview = calls.preview.data;
  const busy = calls.preview.isPending || calls.submit.isPending;
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)} disabled={record?.id === undefined}>
        New Invoice
      </Button>
      <Modal open={open} title="New Invoice" onClose={close} width="xl">
        <div className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Month" id={ids.month} error={errors.month}>
              <select
                id={ids.month}
                className={INPUT_CLASSES}
                value={draft.month}
                required
                {...invalid(ids.month, errors.month)}
                onChange={(event) => change({ month: event.target.value })}
              >
                <option value="">Choose a month</option>
                {months.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Vendor" id={ids.vendor} error={errors.vendor}>
              <select
                id={ids.vendor}
                className={INPUT_CLASSES}
                value={draft.vendor}
                required
                {...invalid(ids.vendor, errors.vendor)}
                onChange={(event) => change({ vendor: event.target.value })}
              >
                <option value="">Choose a vendor</option>
                {INVOICE_VENDORS.map((vendor) => (
                  <option key={vendor.value} value={vendor.value}>
                    {vendor.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Due date" id={ids.due} error={undefined}>
              <input id={ids.due} type="date" className={INPUT_CLASSES} value={draft.dueDate} onChange={(event) => change({ dueDate: event.target.value })} />
            </Field>
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Adjustments</legend>
            {draft.adjustments.map((adjustment, index) => (
              <AdjustmentRow
                key={adjustment.key}
                index={index}
                adjustment={adjustment}
                providerId={record?.id}
                errors={errors.adjustments?.[adjustment.key] ?? {}}
                onChange={(next) => changeAdjustment(adjustment.key, next)}
                onRemove={() => change({ adjustments: draft.adjustments.filter((a) => a.key !== adjustment.key) })}
              />
            ))}
            <Button onClick={() => change({ adjustments: [...draft.adjustments, newAdjustment(nextKey.current++)] })}>Add adjustment</Button>
          </fieldset>
          {preview && <InvoicePreviewView preview={preview} />}
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
            <Button onClick={close}>Cancel</Button>
            <Button onClick={runPreview} disabled={busy}>
              {calls.preview.isPending ? 'Previewing…' : 'Preview'}
            </Button>
            <Button
              variant="primary"
              disabled={!preview || busy}
              disabledReason={!preview ? 'Preview the invoice first' : undefined}
              onClick={() => calls.submit.mutate(draft)}
            >
              {calls.submit.isPending ? 'Submitting…' : 'Submit'}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}

interface AdjustmentRowProps {
  index: number;
  adjustment: AdjustmentDraft;
  providerId: unknown;
  errors: Partial<Record<'patient' | 'description' | 'units' | 'amount', string>>;
  onChange: (next: Partial<AdjustmentDraft>) => void;
  onRemove: () => void;
}

/** One adjustment: a patient among the provider's active ones, a description, units and an amount in dollars. */
function AdjustmentRow({ index, adjustment, providerId, errors, onChange, onRemove }: AdjustmentRowProps) {
  const n = index + 1;
  const ids = { patient: useId(), description: useId(), units: useId(), amount: useId() };
  return (
    <div
      role="group"
      aria-label={`Adjustment ${n}`}
      className="grid gap-2 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[2fr_2fr_5rem_7rem_auto] sm:items-start"
    >
      <Field label="Patient" id={ids.patient} error={errors.patient}>
        <RecordCombobox
          id={ids.patient}
          resource="patients"
          labelPath="user.full_name"
          minLength={2}
          filter={{ 'tenant_id[eq]': providerId as number, 'patient_status[eq]': 'active' }}
          value={adjustment.patient}
          onChange={(patient) => onChange({ patient })}
        />
      </Field>
      <Field label="Description" id={ids.description} error={errors.description}>
        <input
          id={ids.description}
          className={INPUT_CLASSES}
          value={adjustment.description}
          {...invalid(ids.description, errors.description)}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </Field>
      <Field label="Units" id={ids.units} error={errors.units}>
        <input
          id={ids.units}
          type="number"
          min={1}
          step={1}
          className={INPUT_CLASSES}
          value={adjustment.units}
          {...invalid(ids.units, errors.units)}
          onChange={(event) => onChange({ units: event.target.value })}
        />
      </Field>
      <Field label="Amount ($)" id={ids.amount} error={errors.amount}>
        <input
          id={ids.amount}
          type="number"
          step={0.01}
          inputMode="decimal"
          className={INPUT_CLASSES}
          value={adjustment.amount}
          {...invalid(ids.amount, errors.amount)}
          onChange={(event) => onChange({ amount: event.target.value })}
        />
      </Field>
      <div className="sm:pt-6">
        <Button variant="ghost" aria-label={`Remove adjustment ${n}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </div>
  );
}
