import { deliberateErrorWidget } from './DeliberateErrorWidget';
import { recordNotesWidget } from './RecordNotesWidget';
import { resourceCountWidget } from './ResourceCountWidget';

/** Bespoke widgets by the name a card or section gives (`"widget": {"name": "resource_count"}`). */
export const widgetRegistry = {
  deliberate_error: deliberateErrorWidget,
  record_notes: recordNotesWidget,
  resource_count: resourceCountWidget,
};
