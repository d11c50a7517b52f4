import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { screenSchema } from '../../../../schemas/screen';

/** One Ajv for the meta-schema and the registries' options schemas (which may $ref the meta-schema's conditions). */
export const ajv = new Ajv({ allErrors: true, discriminator: true, strict: false });
ajv.addSchema(screenSchema);

export const validateMetaSchema = ajv.getSchema(screenSchema.$id) as ValidateFunction;

const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema object, compiled once. */
export function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** An Ajv error as "path: message", the path under `base`. */
export function describeAjvError(error: ErrorObject, base: string): { path: string; message: string } {
  const detail = error.keyword === 'additionalProperties' ? ` "${String(error.params.additionalProperty)}"` : error.keyword === 'enum' ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : '';
  return { path: `${base}${error.instancePath}`, message: `${error.message ?? error.keyword}${detail}` };
}
