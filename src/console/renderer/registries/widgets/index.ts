import { deliberateErrorWidget } from './DeliberateErrorWidget';
import { recordNotesWidget } from './RecordNotesWidget';
import { resourceCountWidget } from './ResourceCountWidget';

/** The renderer's bespoke widgets by the name a card or section gives (`"widget": {"name": "resource_count"}`); features may add their own. */
export const genericWidgets = {
  deliberate_error: deliberateErrorWidget,
  record_notes: recordNotesWidget,
  resource_count: resourceCountWidget,
};
