import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { HttpError } from '../errors';
import { audit } from '../resources/audit';
import type { Caller } from '../resources/caller';
import type { Action, Values } from '../resources/defineResource';
import { devices } from '../resources/definitions/devices';
import { prepareWrite } from '../resources/prepareWrite';

/** One request's write to devices: its transaction, the caller, and where its fields sit in the request. */
export interface DeviceWrite {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
  /** `['body']`, or `['body', 'data']` for the fields of a bulk update. */
  at: readonly string[];
}

/** A 422 of the engine (`['body', 'location_id']`) placed where the field is in this request. */
function placed(error: unknown, at: readonly string[], fieldsAt: Readonly<Record<string, readonly string[]>>): unknown {
  if (!(error instanceof HttpError) || typeof error.detail === 'string') return error;
  const detail = error.detail.map((issue) => {
    const [, field, ...rest] = issue.loc;
    const path = typeof field === 'string' ? (fieldsAt[field] ?? [field]) : [];
    return { ...issue, loc: [...at, ...path, ...rest] };
  });
  return new HttpError(error.statusCode, detail, error.headers);
}

/**
 * The engine's tenancy rules for a device write (prepareWrite): a provider user's new device goes
 * to their own tenant, a move needs devices.set_owner with scope all, a location or patient must be
 * within reach and of the device's provider (else 422 as if it did not exist). `fieldsAt` names
 * where a column sits in the request when not at its own name (the location of an unassignment).
 */
export async function checkDeviceWrite(
  w: DeviceWrite,
  values: Values,
  existing: Values | null,
  fieldsAt: Readonly<Record<string, readonly string[]>> = {},
): Promise<Values> {
  try {
    return await prepareWrite({
      trx: w.trx,
      resource: devices,
      caller: w.caller,
      values,
      existing,
      audit: (action, records) => auditDevices(w, action, records),
    });
  } catch (error) {
    throw placed(error, w.at, fieldsAt);
  }
}

/** The audit rows of device writes (one per device, in the write's transaction), through the engine's audit. */
export async function auditDevices(w: DeviceWrite, action: Action, records: readonly Values[], before?: Values): Promise<void> {
  for (const record of records) {
    await audit(w.trx, { request: w.request, identity: w.caller.identity, resource: devices, action, records: [record], ...(before ? { before } : {}) });
  }
}
