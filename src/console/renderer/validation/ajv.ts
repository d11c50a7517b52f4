import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidateFunction } from 'ajv';
import { screenAjv } from '../../../../schemas/screenMetaSchema';

export { describeAjvError } from '../../../../schemas/screenMetaSchema';

/**
 * RJSF's validator of every form, with `multipleOf` judged to 8 decimal places: in binary floating point 0.07 is
 * no multiple of 0.01, so a price of 2 decimals (spec 002 section 5) would be refused without it.
 */
export const formValidator = customizeValidator({ ajvOptionsOverrides: { multipleOfPrecision: 8 } });

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

/**
 * Compiles a form's JSON Schema (throwing when it is none) in the Ajv that validates the form: RJSF's,
 * which knows the formats entity fields use (date, date-time, email). The meta-schema's Ajv does not,
 * and warned "unknown format" in the console for every published form checked (each list page's
 * `birthdate`).
 */
export function compileFormSchema(schema: object): void {
  formValidator.ajv.compile(schema);
}
