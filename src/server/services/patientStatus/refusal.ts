import type { StatusRefusal } from '../../../domain/patientStatus';
import { HttpError, invalid } from '../../errors';

/**
 * A refusal of the status rules as the API answers it: a missing field as the schema's
 * 'Field required' at that field; a rule's own text as 422 `{"detail": "<text>"}`, which the
 * console shows word for word ('Unable to save changes: Date of birth does not match patient record').
 */
export function refusalError(refusal: StatusRefusal): HttpError {
  return refusal.kind === 'missing' ? invalid(['body', refusal.field], 'Field required', 'missing') : new HttpError(422, refusal.message);
}
