import { defineEntry } from '../registryEntry';

/** What a bespoke widget gets: its options from the definition. The record, params and environment come from the screen's context. */
export interface WidgetProps {
  options: Readonly<Record<string, unknown>>;
}

export const defineWidget = defineEntry<WidgetProps>();
