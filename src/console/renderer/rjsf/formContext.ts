import type { EvalContext } from '../core/context';

/** What our RJSF widgets read from the form's context: the screen's context with the form's values. */
export interface SchemaFormContext {
  context: EvalContext;
}
