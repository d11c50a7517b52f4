import { useEffect, useId, useState, type FormEvent } from 'react';
import { MONITORING_ACTIVITY_TYPES } from '../../../domain/enums';
import { EMR_REVIEW_TYPE, isServerActivity } from '../../../domain/monitoringNotes';
import { CALL_PHONE_TYPES, internationalNumber, mayOverrideNumber, onlyOverrideNumbers, VOICE_TEXTS, type CallPhoneType } from '../../../domain/voiceCalls';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { monitoringTypeLabel } from '../activities/activityFormat';
import { requestCall } from './callStore';

/** The types a call may be logged as: the monitoring note types a clinician writes (not the server's events, not the admins' EMR review). */
export const CALL_TYPES = MONITORING_ACTIVITY_TYPES.filter((type) => !isServerActivity(type) && type !== EMR_REVIEW_TYPE);

const PHONE_TYPE_LABELS: Record<CallPhoneType, string> = { mobile: 'Mobile', home: 'Home', facility: 'Facility' };

interface Microphones {
  list: { id: string; label: string }[];
  error: string | null;
}

/** The microphones the browser offers, asked for once the dialog opens (the labels need the permission). */
function useMicrophones(open: boolean): Microphones {
  const [microphones, setMicrophones] = useState<Microphones>({ list: [], error: null });
  useEffect(() => {
    if (!open) return;
    let gone = false;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a microphone');
        const probe = await navigator.mediaDevices.getUserMedia({ audio: true });
        probe.getTracks().forEach((track) => track.stop());
        const devices = await navigator.mediaDevices.enumerateDevices();
        const list = devices.filter((d) => d.kind === 'audioinput').map((d, i) => ({ id: d.deviceId, label: d.label || `Microphone ${i + 1}` }));
        if (!gone) setMicrophones({ list, error: null });
      } catch {
        if (!gone) setMicrophones({ list: [], error: 'The browser gave no access to a microphone.' });
      }
    })();
    return () => {
      gone = true;
    };
  }, [open]);
  return microphones;
}

export interface CallDialogProps {
  open: boolean;
  onClose: () => void;
  /** The patient called; without one, a test call to the number typed. */
  patient: { id: number; name: string } | null;
  role: string;
  environment: { environment: string; is_demo: boolean };
}

/**
 * The Call dialog (spec 001 section 5) and the Test Call dialog (spec 000 section 5): the call's type,
 * the microphone ('Please select a microphone'), and the number: the override number (the three admin
 * roles, or any role outside production; international, 'Please specify a valid phone number (include
 * the international prefix).') and the patient's phone type (the same roles). Outside production or
 * in demo mode only an override number is dialled. Start Call stays disabled without a chosen type or,
 * where one is needed, an override number.
 */
export function CallDialog({ open, onClose, patient, role, environment }: CallDialogProps) {
  const microphones = useMicrophones(open);
  const [type, setType] = useState('');
  const [microphone, setMicrophone] = useState('');
  const [number, setNumber] = useState('');
  const [phoneType, setPhoneType] = useState('');
  const [errors, setErrors] = useState<{ microphone?: string; number?: string }>({});
  const ids = { type: useId(), microphone: useId(), phoneType: useId(), microphoneError: useId() };
  const test = patient === null;
  const overrideAllowed = test || mayOverrideNumber(role, environment.environment);
  const overrideOnly = test || onlyOverrideNumbers(environment.environment, environment.is_demo);
  const phoneTypeAllowed = !test && !overrideOnly && mayOverrideNumber(role, environment.environment);
  const chosenMicrophone = microphone || microphones.list[0]?.id || '';
  const ready = (test || type !== '') && (!overrideOnly || number.trim() !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!chosenMicrophone) found.microphone = VOICE_TEXTS.microphoneRequired;
    const typed = number.trim();
    const dialled = typed ? internationalNumber(typed) : null;
    if (typed && !dialled) found.number = VOICE_TEXTS.phoneInvalid;
    if (overrideOnly && !typed) found.number = VOICE_TEXTS.phoneInvalid;
    setErrors(found);
    if (found.microphone || found.number) return;
    const params: Record<string, string> = {};
    if (dialled) params.To = dialled;
    if (test) params.test = 'true';
    if (patient) params.patient_id = String(patient.id);
    if (type) params.note_type = type;
    if (phoneType && !dialled) params.phone_type = phoneType;
    requestCall({ params, microphoneId: chosenMicrophone, patient, noteType: type || null });
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} title={test ? 'Test Call' : `Call ${patient.name}`} width="md">
      <form onSubmit={submit} noValidate className="space-y-4">
        {!test && (
          <div>
            <label htmlFor={ids.type} className="block text-sm font-medium text-slate-800">
              Type of call
            </label>
            <select
              id={ids.type}
              required
              value={type}
              onChange={(e) => setType(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
            >
              <option value="">Choose a type</option>
              {CALL_TYPES.map((value) => (
                <option key={value} value={value}>
                  {monitoringTypeLabel(value)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={ids.microphone} className="block text-sm font-medium text-slate-800">
            Microphone
          </label>
          <select
            id={ids.microphone}
            value={chosenMicrophone}
            onChange={(e) => {
              setMicrophone(e.target.value);
              setErrors(({ microphone: _stale, ...rest }) => rest);
            }}
            aria-invalid={errors.microphone ? true : undefined}
            aria-describedby={errors.microphone ? ids.microphoneError : undefined}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 aria-invalid:border-red-600"
          >
            {microphones.list.length === 0 && <option value="">No microphone</option>}
            {microphones.list.map((mic) => (
              <option key={mic.id} value={mic.id}>
                {mic.label}
              </option>
            ))}
          </select>
          {(errors.microphone ?? microphones.error) && (
            <p id={ids.microphoneError} className="mt-1 text-sm text-red-700">
              {errors.microphone ?? microphones.error}
            </p>
          )}
        </div>
        {phoneTypeAllowed && (
          <div>
            <label htmlFor={ids.phoneType} className="block text-sm font-medium text-slate-800">
              Phone type
            </label>
            <select
              id={ids.phoneType}
              value={phoneType}
              onChange={(e) => setPhoneType(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
            >
              <option value="">Primary phone</option>
              {CALL_PHONE_TYPES.map((value) => (
                <option key={value} value={value}>
                  {PHONE_TYPE_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        )}
        {overrideAllowed && (
          <TextField
            label={test ? 'Phone number' : 'Override number'}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 555 010 0000"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setErrors(({ number: _stale, ...rest }) => rest);
            }}
            error={errors.number}
          />
        )}
        {overrideOnly && !test && <p className="text-sm text-slate-600">Outside production, calls go only to the number typed here.</p>}
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!ready}>
            Start Call
          </Button>
        </div>
      </form>
    </Modal>
  );
}
