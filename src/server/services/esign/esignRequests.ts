import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  ESIGN_ALREADY_PENDING,
  ESIGN_GUARDIAN_EMAIL_REQUIRED,
  ESIGN_NO_EMERGENCY_CONTACT,
  ESIGN_NO_PATIENT_EMAIL,
  ESIGN_NOTHING_TO_RESCIND,
  ESIGN_VALID_DAYS,
} from '../../../domain/consentText';
import type { DB } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { patients } from '../../resources/definitions/patients';
import { visibleRows } from '../../resources/recordQuery';

/** The audit rows' `resource` (record_id: the request's id, never its slug). */
export const ESIGN_AUDIT_RESOURCE = 'esign-requests';

const DAY_MS = 24 * 3600 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Enter a valid e-mail address.';

/** A new signing slug (32 random bytes, base64url) and the hash the table keeps of it. */
export function newSlug(): { slug: string; hash: string } {
  const slug = randomBytes(32).toString('base64url');
  return { slug, hash: slugHash(slug) };
}
export const slugHash = (slug: string) => createHash('sha256').update(slug).digest('hex');

export interface EsignRequestInput {
  patient_id: number;
  use_guardian?: boolean | undefined;
  guardian_email?: string | null | undefined;
  email_override?: string | null | undefined;
}

/** What is mailed after the transaction: the link's slug travels only here. */
export interface EsignMailOrder {
  to: string;
  firstName: string;
  slug: string;
  expiresAt: Date;
}

const PUBLIC_COLUMNS = [
  'id',
  'patient_id',
  'document_type',
  'request_type',
  'status',
  'use_guardian',
  'guardian_email',
  'email_override',
  'signer_email',
  'requested_on',
  'expires_at',
] as const;

type RequestRow = Awaited<ReturnType<typeof readRequest>>;
const readRequest = (db: Kysely<DB>, id: number) => db.selectFrom('esign_requests').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();

/** A request as answered: times as ISO strings. */
export function asAnswer(row: NonNullable<RequestRow>) {
  return { ...row, requested_on: new Date(row.requested_on).toISOString(), expires_at: new Date(row.expires_at).toISOString() };
}

interface ReachedPatient {
  id: number;
  tenant_id: number;
  user_id: number;
}

/** The patient as the caller reaches it (else 404, like no patient), its row locked when a transaction asks. */
async function reachPatient(db: Kysely<DB>, caller: Caller, patientId: number): Promise<ReachedPatient> {
  const row = await visibleRows(db, patients, caller.access, (eb) => eb('t.id', '=', patientId))
    .select(['t.id as id', 't.tenant_id as tenant_id', 't.user_id as user_id'])
    .executeTakeFirst();
  if (!row) throw notFound();
  const r = row as Record<string, unknown>;
  return { id: r.id as number, tenant_id: r.tenant_id as number, user_id: r.user_id as number };
}

function cleanEmail(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (!EMAIL.test(trimmed)) throw new HttpError(422, INVALID_EMAIL);
  return trimmed;
}

/** A pending request past its 14 days is expired: it no longer blocks a new one. */
async function expireOld(trx: Transaction<DB>, patientId: number): Promise<void> {
  await trx
    .updateTable('esign_requests')
    .set({ status: 'expired', updated_at: new Date() })
    .where('patient_id', '=', patientId)
    .where('status', '=', 'in_progress')
    .where('expires_at', '<=', new Date())
    .execute();
}

/**
 * POST esign-request, in the caller's transaction: the rules of spec 001 section 5 in order (the
 * patient reached with patients.update, else 404; no other pending request, else 409; the signer's
 * address; an emergency contact with a phone number, else 422), then the request with a new slug
 * (only its hash stored), valid 14 days, audited for the patient. Nothing is written on a refusal.
 */
export async function createEsignRequest(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, input: EsignRequestInput) {
  const patient = await reachPatient(trx, caller, input.patient_id);
  await trx.selectFrom('patients').select('id').where('id', '=', patient.id).forUpdate().executeTakeFirstOrThrow();
  await expireOld(trx, patient.id);
  const pending = await trx
    .selectFrom('esign_requests')
    .select('id')
    .where('patient_id', '=', patient.id)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  if (pending) throw conflict(ESIGN_ALREADY_PENDING);

  const account = await trx.selectFrom('users').select(['email', 'first_name']).where('id', '=', patient.user_id).executeTakeFirstOrThrow();
  const useGuardian = input.use_guardian === true;
  const guardianEmail = cleanEmail(input.guardian_email);
  const override = cleanEmail(input.email_override);
  let signerEmail: string;
  if (useGuardian) {
    if (!guardianEmail) throw new HttpError(422, ESIGN_GUARDIAN_EMAIL_REQUIRED);
    signerEmail = guardianEmail;
  } else {
    // The column is nullable for patients (migration 0005) although its select type says string.
    const own = (account.email as string | null)?.trim();
    const to = override ?? own;
    if (!to) throw new HttpError(422, ESIGN_NO_PATIENT_EMAIL);
    signerEmail = to;
  }

  const contact = await trx
    .selectFrom('contacts')
    .select('id')
    .where('patient_id', '=', patient.id)
    .where('is_emergency_contact', '=', true)
    .where((eb) => eb.or([eb(eb.fn('btrim', ['cell_phone_number']), '<>', ''), eb(eb.fn('btrim', ['home_phone_number']), '<>', '')]))
    .executeTakeFirst();
  if (!contact) throw new HttpError(422, ESIGN_NO_EMERGENCY_CONTACT);

  const { slug, hash } = newSlug();
  const expiresAt = new Date(Date.now() + ESIGN_VALID_DAYS * DAY_MS);
  const created = await trx
    .insertInto('esign_requests')
    .values({
      tenant_id: patient.tenant_id,
      patient_id: patient.id,
      use_guardian: useGuardian,
      guardian_email: guardianEmail ?? null,
      email_override: override ?? null,
      signer_email: signerEmail,
      slug_hash: hash,
      requested_by: caller.identity.id,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: ESIGN_AUDIT_RESOURCE,
    action: 'create',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: String(created.id) }],
  });
  const row = await readRequest(trx, created.id);
  const mail: EsignMailOrder = { to: signerEmail, firstName: useGuardian ? '' : account.first_name, slug, expiresAt };
  return { answer: asAnswer(row), mail };
}

/** GET esign-request: the patient's pending request (not expired), or none: `[]` or `[request]`; the read is audited. */
export async function pendingEsignRequests(db: Kysely<DB>, request: FastifyRequest, caller: Caller, patientId: number) {
  const patient = await reachPatient(db, caller, patientId);
  const rows = await db
    .selectFrom('esign_requests')
    .select(PUBLIC_COLUMNS)
    .where('patient_id', '=', patient.id)
    .where('status', '=', 'in_progress')
    .where('expires_at', '>', new Date())
    .execute();
  await auditPatients(db, {
    request,
    identity: caller.identity,
    resource: ESIGN_AUDIT_RESOURCE,
    action: 'read',
    tenantId: patient.tenant_id,
    records: rows.map((r) => ({ patientId: patient.id, recordId: String(r.id) })),
  });
  return rows.map(asAnswer);
}

/** The pending request `id` of a patient the caller reaches, locked; 404 'No eSign request to rescind.' when it is not pending. */
async function pendingById(trx: Transaction<DB>, caller: Caller, id: number) {
  const row = await trx.selectFrom('esign_requests').select(['id', 'patient_id', 'status', 'expires_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  const patient = await reachPatient(trx, caller, row.patient_id);
  if (row.status !== 'in_progress') throw new HttpError(404, ESIGN_NOTHING_TO_RESCIND);
  return { row, patient };
}

/** DELETE esign-request/{id}: the pending request becomes rescinded (its link then answers 410), audited. */
export async function rescindEsignRequest(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, id: number) {
  const { patient } = await pendingById(trx, caller, id);
  const now = new Date();
  await trx.updateTable('esign_requests').set({ status: 'rescinded', rescinded_at: now, updated_at: now }).where('id', '=', id).execute();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: ESIGN_AUDIT_RESOURCE,
    action: 'delete',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: String(id) }],
  });
  return asAnswer(await readRequest(trx, id));
}

/**
 * POST esign-request/{id}/resend (Resume): the pending request gets a new slug and 14 more days, and
 * the link is mailed again to the same signer. The earlier link stops working (only one slug hash
 * is kept). Audited as an update.
 */
export async function resendEsignRequest(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, id: number) {
  const { patient } = await pendingById(trx, caller, id);
  const { slug, hash } = newSlug();
  const expiresAt = new Date(Date.now() + ESIGN_VALID_DAYS * DAY_MS);
  await trx.updateTable('esign_requests').set({ slug_hash: hash, expires_at: expiresAt, updated_at: new Date() }).where('id', '=', id).execute();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: ESIGN_AUDIT_RESOURCE,
    action: 'update',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: String(id) }],
  });
  const row = await readRequest(trx, id);
  const account = await trx.selectFrom('users').select('first_name').where('id', '=', patient.user_id).executeTakeFirstOrThrow();
  const mail: EsignMailOrder = { to: row.signer_email, firstName: row.use_guardian ? '' : account.first_name, slug, expiresAt };
  return { answer: asAnswer(row), mail };
}
