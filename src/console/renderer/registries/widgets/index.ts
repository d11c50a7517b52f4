import { deliberateErrorOptions } from './DeliberateErrorWidget.options';
import { recordNotesOptions } from './RecordNotesWidget.options';
import { resourceCountWidget } from './ResourceCountWidget';
import { defineLazyWidget } from './widgetTypes';

/**
 * The renderer's bespoke widgets by the name a card or section gives (`"widget": {"name": "resource_count"}`); features may add their own.
 * The deliberate error (the Testing page) and a record's notes (a show screen) load when a page draws them: no list does.
 */
export const genericWidgets = {
  deliberate_error: defineLazyWidget(deliberateErrorOptions, () => import('./DeliberateErrorWidget').then((m) => m.DeliberateErrorWidget)),
  record_notes: defineLazyWidget(recordNotesOptions, () => import('./RecordNotesWidget').then((m) => m.RecordNotesWidget)),
  resource_count: resourceCountWidget,
};
