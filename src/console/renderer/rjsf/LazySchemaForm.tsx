import { onDemandComponent } from '../../ui/OnDemandComponent';
import { ErrorMessage, Loading } from '../skin/StatusViews';

/**
 * The form engine on demand: RJSF and its Ajv validator are a chunk of their own, fetched the first
 * time a form is drawn (a form page, a dialog's form), so that lists, records and dashboards never
 * load them (issue 20: a list route's weight). Everything outside the renderer's forms uses this.
 * Not React.lazy: ui/onDemand.ts says why.
 */
export const LazySchemaForm = onDemandComponent(() => import('./SchemaForm').then((module) => module.SchemaForm), {
  loading: <Loading />,
  failed: (error) => <ErrorMessage error={error} />,
});
