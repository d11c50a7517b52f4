import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { groupPatientParams, patientGroupPatientsSchema } from '../../../../schemas/payloads/patientGroupPatients';
import { patientGroups } from '../../resources/definitions';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { addGroupPatients } from '../../services/patientGroups/addGroupPatients';
import { removeGroupPatient } from '../../services/patientGroups/removeGroupPatient';

/**
 * A group's members (spec 001 section 7): POST patient-groups/{id}/patients {patient_ids} and
 * DELETE patient-groups/{id}/patients/{patient_id}, both under patient_groups.update. The groups
 * themselves are the engine's `patient-groups` resource; the patients of a group are listed by
 * GET patients with meta {"patient_group_id": id}.
 */
export const patientGroupRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);
  const tags = ['patient-groups'];

  app.post('/patient-groups/:id/patients', { schema: { tags, params: idParams, body: patientGroupPatientsSchema } }, (request) =>
    withTransaction(app.db, (trx) => addGroupPatients(trx, request, request.params.id, request.body.patient_ids), patientGroups),
  );
  app.delete('/patient-groups/:id/patients/:patient_id', { schema: { tags, params: groupPatientParams } }, (request) =>
    withTransaction(app.db, (trx) => removeGroupPatient(trx, request, request.params.id, request.params.patient_id), patientGroups),
  );
};
