import type { ValidateFunction } from 'ajv';
import { screenAjv } from '../../../../schemas/screenMetaSchema';

export { describeAjvError, screenAjv as ajv, validateMetaSchema } from '../../../../schemas/screenMetaSchema';

const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema object (a registry entry's options), compiled once into the meta-schema's Ajv. */
export function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = screenAjv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}
