import type { FastifyInstance } from 'fastify';
import { patientGroupPatientsSchema } from '../../../../schemas/payloads/patientGroupPatients';
import { addGroupPatients } from './addGroupPatients';
import { removeGroupPatient } from './removeGroupPatient';

/**
 * A group's members (spec 001 section 7): POST patient-groups/{id}/patients {patient_ids} and
 * DELETE patient-groups/{id}/patients/{patient_id}, both under patient_groups.update. The groups
 * themselves are the engine's `patient-groups` resource; the patients of a group are listed by
 * GET patients with meta {"patient_group_id": id}.
 */
export async function patientGroupRoutes(app: FastifyInstance) {
  const common = { onRequest: app.authenticate };
  app.post('/patient-groups/:id/patients', { ...common, schema: { tags: ['patient-groups'], body: patientGroupPatientsSchema } }, (request) =>
    addGroupPatients(app, request),
  );
  app.delete('/patient-groups/:id/patients/:patient_id', { ...common, schema: { tags: ['patient-groups'] } }, (request) => removeGroupPatient(app, request));
}
