import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { scopeOf } from '../../domain/permissions';
import { identityOf } from '../plugins/identity';
import { BODY_LIMITS } from '../plugins/requestBounds';
import { accessOf } from './access';
import type { Resource } from './defineResource';
import { parseId } from './ids';
import { listRecords } from './listRecords';
import { createRecord, deleteRecord, readRecord, updateRecord } from './recordHandlers';
import { visibleRows } from './recordQuery';
import { withExpansions, writeSchemaOf } from './writeSchema';

type Params = Record<string, string>;

/**
 * Serves one resource: GET /{name}, GET /{name}/{id}, POST /{name}, PUT and PATCH /{name}/{id},
 * DELETE /{name}/{id}, each only for the actions the definition declares, and, for resources
 * nested under patients, GET /patients/{patient_id}/{name}[/{id}] (and its writes with nestedWrites).
 */
export function serveResource(app: FastifyInstance, resource: Resource, patients: Resource) {
  const base = `/${resource.name}`;
  const common = { onRequest: app.authenticate, bodyLimit: BODY_LIMITS.record, schema: { tags: [resource.name] } };
  const idOf = (request: FastifyRequest) => parseId((request.params as Params).id ?? '', 'id');
  const tenantColumn = resource.writableTenantColumn ? [resource.writableTenantColumn] : [];
  const optionalIn = (mode: 'create' | 'replace' | 'patch') => (mode === 'create' ? tenantColumn : [...tenantColumn, ...resource.optionalOnUpdate]);
  const bodySchema = (mode: 'create' | 'replace' | 'patch') => ({
    schema: { ...common.schema, body: writeSchemaOf(entityFor(resource, mode), mode, optionalIn(mode)) },
  });
  const actions = new Set([...resource.actions].filter((action) => !resource.bespokeRoutes.has(action)));

  if (actions.has('list')) app.get(base, common, (request, reply) => listRecords(app, resource, request, reply));
  if (actions.has('read')) app.get(`${base}/:id`, common, (request) => readRecord(app, resource, request, { id: idOf(request) }));
  if (actions.has('create')) app.post(base, { ...common, ...bodySchema('create') }, (request, reply) => createRecord(app, resource, request, reply));
  if (actions.has('update')) {
    app.put(`${base}/:id`, { ...common, ...bodySchema('replace') }, (request) => updateRecord(app, resource, request, { id: idOf(request) }));
    app.patch(`${base}/:id`, { ...common, ...bodySchema('patch') }, (request) => updateRecord(app, resource, request, { id: idOf(request) }));
  }
  if (actions.has('delete')) app.delete(`${base}/:id`, common, (request) => deleteRecord(app, resource, request, { id: idOf(request) }));
  if (!resource.nestedUnderPatient) return;

  const nested = `/patients/:patient_id${base}`;
  const patientOf = async (request: FastifyRequest) => {
    const patientId = parseId((request.params as Params).patient_id ?? '', 'patient_id');
    await requireVisiblePatient(app, patients, request, patientId);
    return patientId;
  };
  const ofPatient = async (request: FastifyRequest) => {
    const id = await patientOf(request);
    return resource.patient ? { ref: resource.patient.ref, id } : undefined;
  };
  if (actions.has('list')) app.get(nested, common, async (request, reply) => listRecords(app, resource, request, reply, await ofPatient(request)));
  if (actions.has('read')) {
    app.get(`${nested}/:id`, common, async (request) => readRecord(app, resource, request, { id: idOf(request), patientId: await patientOf(request) }));
  }
  if (resource.nestedWrites) serveNestedWrites(app, resource, actions, patientOf);
}

/** POST /patients/{patient_id}/{name}, PUT, PATCH and DELETE /patients/{patient_id}/{name}/{id}: the path's patient is the record's. */
function serveNestedWrites(app: FastifyInstance, resource: Resource, actions: ReadonlySet<string>, patientOf: (request: FastifyRequest) => Promise<number>) {
  const nested = `/patients/:patient_id/${resource.name}`;
  const tags = [resource.name];
  const idOf = (request: FastifyRequest) => parseId((request.params as Params).id ?? '', 'id');
  const optional = [...(resource.writableTenantColumn ? [resource.writableTenantColumn] : []), ...(resource.patient ? [resource.patient.path] : [])];
  const route = (mode: 'create' | 'replace' | 'patch') => ({
    onRequest: app.authenticate,
    bodyLimit: BODY_LIMITS.record,
    schema: { tags, body: writeSchemaOf(entityFor(resource, mode), mode, mode === 'create' ? optional : [...optional, ...resource.optionalOnUpdate]) },
  });
  if (actions.has('create')) app.post(nested, route('create'), async (request, reply) => createRecord(app, resource, request, reply, await patientOf(request)));
  if (actions.has('update')) {
    const update = async (request: FastifyRequest) => updateRecord(app, resource, request, { id: idOf(request), patientId: await patientOf(request) });
    app.put(`${nested}/:id`, route('replace'), update);
    app.patch(`${nested}/:id`, route('patch'), update);
  }
  if (actions.has('delete')) {
    app.delete(`${nested}/:id`, { onRequest: app.authenticate, schema: { tags } }, async (request) =>
      deleteRecord(app, resource, request, { id: idOf(request), patientId: await patientOf(request) }),
    );
  }
}

/** The entity schema a write's body is checked against: an update also takes, to ignore, what a read may add. */
const entityFor = (resource: Resource, mode: 'create' | 'replace' | 'patch') =>
  mode === 'create' ? resource.schema : withExpansions(resource.schema, resource.expand.keys());

/** A patient-scoped path needs a patient the caller may read; otherwise 404, as for the patient itself. */
async function requireVisiblePatient(app: FastifyInstance, patients: Resource, request: FastifyRequest, patientId: number) {
  const identity = identityOf(request);
  const scope = patients.keys.read ? scopeOf(identity.role, patients.keys.read) : undefined;
  const found =
    scope &&
    (await visibleRows(app.db, patients, accessOf(identity, scope), (eb) => eb('t.id', '=', patientId))
      .select('t.id')
      .executeTakeFirst());
  if (!found) throw notFound();
}
