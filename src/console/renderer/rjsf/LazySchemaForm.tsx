import type { ComponentProps } from 'react';
import { onDemand, useOnDemand } from '../../ui/onDemand';
import { ErrorMessage, Loading } from '../skin/StatusViews';
import type { SchemaForm } from './SchemaForm';

export const formEngine = onDemand(() => import('./SchemaForm'));

/**
 * The form engine on demand: RJSF and its Ajv validator are a chunk of their own, fetched the first
 * time a form is drawn (a form page, a dialog's form), so that lists, records and dashboards never
 * load them (issue 20: a list route's weight). Everything outside the renderer's forms uses this.
 * Not React.lazy: ui/onDemand.ts says why.
 */
export function LazySchemaForm(props: ComponentProps<typeof SchemaForm>) {
  const engine = useOnDemand(formEngine);
  if (engine.status === 'loading') return <Loading />;
  if (engine.status === 'failed') return <ErrorMessage error={engine.error} />;
  return <engine.module.SchemaForm {...props} />;
}
