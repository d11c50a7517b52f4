import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { screenSchema } from './screen';

/**
 * The meta-schema's validator, one for both sides: the console checks bundled and published
 * definitions with it (then deeper, against its registries), the server checks what it serves
 * from GET /api/screens. The console compiles its registries' options schemas into the same Ajv,
 * since they may $ref the meta-schema's conditions.
 */
export const screenAjv = new Ajv({ allErrors: true, discriminator: true, strict: false });
screenAjv.addSchema(screenSchema);

export const validateMetaSchema = screenAjv.getSchema(screenSchema.$id) as ValidateFunction;

/** An Ajv error as "path: message", the path under `base`. */
export function describeAjvError(error: ErrorObject, base: string): { path: string; message: string } {
  const detail =
    error.keyword === 'additionalProperties'
      ? ` "${String(error.params.additionalProperty)}"`
      : error.keyword === 'enum'
        ? `: ${(error.params.allowedValues as unknown[]).join(', ')}`
        : '';
  return { path: `${base}${error.instancePath}`, message: `${error.message ?? error.keyword}${detail}` };
}
