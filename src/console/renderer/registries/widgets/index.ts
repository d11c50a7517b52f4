import { resourceCountWidget } from './ResourceCountWidget';

/** Bespoke widgets by the name a card or section gives (`"widget": {"name": "resource_count"}`). */
export const widgetRegistry = {
  resource_count: resourceCountWidget,
};
