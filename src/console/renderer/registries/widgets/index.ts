import { deliberateErrorWidget } from './DeliberateErrorWidget';
import { resourceCountWidget } from './ResourceCountWidget';

/** Bespoke widgets by the name a card or section gives (`"widget": {"name": "resource_count"}`). */
export const widgetRegistry = {
  deliberate_error: deliberateErrorWidget,
  resource_count: resourceCountWidget,
};
