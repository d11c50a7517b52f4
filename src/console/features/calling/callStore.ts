import { atom, createStore } from 'jotai';
import type { CallState } from '../../../domain/voiceCalls';

/** The call a user asked for in the Call or Test Call dialog: what the panel places. */
export interface CallRequest {
  /** A new number per request: the panel starts over for each call. */
  id: number;
  /** The voice webhook's parameters (server's services/telephony/callFlow.ts): To, patient_id, phone_type, note_type, test. */
  params: Record<string, string>;
  microphoneId: string;
  /** The patient called (null for a test call): the note the call becomes is theirs. */
  patient: { id: number; name: string } | null;
  /** The monitoring type chosen in the dialog. */
  noteType: string | null;
}

/**
 * The one call of the console, outside any screen: the shell's call dock shows its panel wherever the
 * user goes (a call does not end because another page opened). Its own store, so that it does not
 * depend on which screen's store is around the component that reads it.
 */
export const callStore = createStore();
export const callRequestAtom = atom<CallRequest | null>(null);
/** The current call's display state (spec 000 section 2.7); null without a call. */
export const callStateAtom = atom<CallState | null>(null);

let nextId = 1;

export function requestCall(request: Omit<CallRequest, 'id'>): void {
  callStore.set(callStateAtom, 'new');
  callStore.set(callRequestAtom, { ...request, id: nextId++ });
}

/** Close: the panel goes away (only once the call is over). */
export function closeCall(): void {
  callStore.set(callRequestAtom, null);
  callStore.set(callStateAtom, null);
}
