import { defineLazyEntry } from '../lazyEntry';
import { defineEntry } from '../registryEntry';

/** What a bespoke widget gets: its options from the definition. The record, params and environment come from the screen's context. */
export interface WidgetProps {
  options: Readonly<Record<string, unknown>>;
}

export const defineWidget = defineEntry<WidgetProps>();

/** A widget whose component loads the first time it is drawn (a feature's: lists never load them); lazyEntry.tsx. */
export const defineLazyWidget = defineLazyEntry<WidgetProps>();
