import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { clientAddress } from '../plugins/clientAddress';
import { actorOf } from './audit';
import type { Action } from './defineResource';
import { RESOURCES } from './definitions';

/** The path segments that name patient data: the resources with a patient field (patients, devices, tasks ...). */
/** The engine's resources that hold patient data, and the bespoke routes' words for it (a patient's documents). */
const PATIENT_DATA = new Set([...RESOURCES.filter((r) => r.patient).map((r) => r.name), 'patient-documents']);

const MAX_ID = 2147483647;
const idOf = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null);

function actionOf(method: string, last: string | undefined): Action {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return last !== undefined && PATIENT_DATA.has(last) ? 'list' : 'read';
    case 'POST':
      return 'create';
    case 'DELETE':
      return 'delete';
    default:
      return 'update';
  }
}

/**
 * onError hook: a signed-in caller's refused attempt at patient data (a 403, or a 404 for a record
 * out of reach, another tenant's alike) is an audit row with outcome `denied`, whichever route
 * answered it: the engine's (`/patients/{id}`, `/patients/{patient_id}/tasks/{id}`) or a bespoke one
 * under a patient-data path (`/patients/{id}/status`, `/devices/bulk`). Written after the refused
 * work rolled back, on its own; a failure to write it is logged and does not change the answer.
 */
export async function auditDenied(request: FastifyRequest, _reply: FastifyReply, error: FastifyError): Promise<void> {
  const identity = request.identity;
  if (!identity || !(error instanceof HttpError) || (error.statusCode !== 403 && error.statusCode !== 404)) return;
  const url = request.routeOptions.url ?? '';
  const segments = url.replace(/^\/api\//, '').split('/');
  const names = segments.filter((s) => !s.startsWith(':'));
  const resource = names.findLast((s) => PATIENT_DATA.has(s));
  if (!resource) return;
  // Path ids arrive as text, or as numbers once a route's preValidation (parsePathIds) has read them.
  const params = Object.fromEntries(
    Object.entries((request.params ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'string' || typeof value === 'number' ? String(value) : undefined,
    ]),
  ) as Record<string, string | undefined>;
  const patientId = idOf(params.patient_id) ?? (segments[segments.indexOf('patients') + 1] === ':id' ? idOf(params.id) : null);
  try {
    await request.server.db
      .insertInto('audit_logs')
      .values({
        ...actorOf(identity),
        tenant_id: identity.tenant_id,
        action: actionOf(request.method, segments.at(-1)),
        resource,
        record_id: params.id?.slice(0, 64) ?? null,
        patient_id: patientId,
        ...clientAddress(request),
        request_id: request.id,
        outcome: 'denied',
      })
      .execute();
  } catch (failure) {
    request.log.error({ err: failure }, 'the audit row of a refused request could not be written');
  }
}
