// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallDialog } from '../../../../src/console/features/calling/CallDialog';
import { callRequestAtom, callStore, closeCall } from '../../../../src/console/features/calling/callStore';
import '../../helpers/dom';

/** A browser with one microphone (or none), as the dialog asks for it. */
function microphones(list: { deviceId: string; label: string }[]) {
  const stop = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] }),
      enumerateDevices: vi.fn().mockResolvedValue(list.map((d) => ({ ...d, kind: 'audioinput' }))),
    },
  });
}

const PATIENT = { id: 41, name: 'Ada Byron' };
const production = { environment: 'production', is_demo: false };
const demo = { environment: 'demo', is_demo: true };

beforeEach(() => microphones([{ deviceId: 'mic-1', label: 'Headset microphone' }]));
afterEach(() => closeCall());

describe('the Call dialog (spec 001 sections 5 and 6)', () => {
  it('in the demo: only an override number; Start Call waits for the type and the number; the number must be international', async () => {
    const onClose = vi.fn();
    render(<CallDialog open onClose={onClose} patient={PATIENT} role="clinician" environment={demo} />);
    const start = screen.getByRole('button', { name: 'Start Call' });
    expect(start).toBeDisabled();
    expect(screen.queryByLabelText('Phone type')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Type of call'), 'rpm_99457_99458');
    expect(start).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Override number'), '415 555 0134');
    await waitFor(() => expect(screen.getByLabelText('Microphone')).toHaveValue('mic-1'));
    await userEvent.click(start);
    expect(screen.getByText('Please specify a valid phone number (include the international prefix).')).toBeInTheDocument();
    expect(callStore.get(callRequestAtom)).toBeNull();

    await userEvent.clear(screen.getByLabelText('Override number'));
    await userEvent.type(screen.getByLabelText('Override number'), '+1 415 555 0134');
    await userEvent.click(start);
    expect(callStore.get(callRequestAtom)).toMatchObject({
      params: { To: '+14155550134', patient_id: '41', note_type: 'rpm_99457_99458' },
      microphoneId: 'mic-1',
      patient: PATIENT,
      noteType: 'rpm_99457_99458',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('without a microphone: "Please select a microphone"', async () => {
    microphones([]);
    render(<CallDialog open onClose={vi.fn()} patient={PATIENT} role="clinician" environment={demo} />);
    await userEvent.selectOptions(screen.getByLabelText('Type of call'), 'note');
    await userEvent.type(screen.getByLabelText('Override number'), '+14155550134');
    await userEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(screen.getByText('Please select a microphone')).toBeInTheDocument();
    expect(callStore.get(callRequestAtom)).toBeNull();
  });

  it('in production a clinician calls the patient’s primary number, with neither override nor phone type', async () => {
    render(<CallDialog open onClose={vi.fn()} patient={PATIENT} role="clinician" environment={production} />);
    expect(screen.queryByLabelText('Override number')).toBeNull();
    expect(screen.queryByLabelText('Phone type')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Type of call'), 'ccm_99490_99439');
    await waitFor(() => expect(screen.getByLabelText('Microphone')).toHaveValue('mic-1'));
    await userEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(callStore.get(callRequestAtom)?.params).toEqual({ patient_id: '41', note_type: 'ccm_99490_99439' });
  });

  it('in production an internal admin may choose the phone type or override the number', async () => {
    render(<CallDialog open onClose={vi.fn()} patient={PATIENT} role="internal_admin" environment={production} />);
    await userEvent.selectOptions(screen.getByLabelText('Type of call'), 'note');
    await userEvent.selectOptions(screen.getByLabelText('Phone type'), 'home');
    await waitFor(() => expect(screen.getByLabelText('Microphone')).toHaveValue('mic-1'));
    await userEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(callStore.get(callRequestAtom)?.params).toEqual({ patient_id: '41', note_type: 'note', phone_type: 'home' });
  });

  it('the Test Call dialog dials the number typed, with no patient and no type', async () => {
    render(<CallDialog open onClose={vi.fn()} patient={null} role="clinician" environment={production} />);
    expect(screen.getByRole('dialog', { name: 'Test Call' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Type of call')).toBeNull();
    await userEvent.type(screen.getByLabelText('Phone number'), '+44 20 7183 8750');
    await waitFor(() => expect(screen.getByLabelText('Microphone')).toHaveValue('mic-1'));
    await userEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(callStore.get(callRequestAtom)).toMatchObject({ params: { To: '+442071838750', test: 'true' }, patient: null });
  });
});
