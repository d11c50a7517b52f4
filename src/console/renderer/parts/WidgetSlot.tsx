import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { useScreenRegistries } from '../environmentContext';

/** A bespoke widget named by a card or section. */
export function WidgetSlot({ widget, location }: { widget: { name: string; options?: Readonly<Record<string, unknown>> }; location: DefinitionLocation }) {
  const { Component } = resolveEntry(useScreenRegistries().widgets, 'widget', widget.name, at(location, 'name'));
  return <Component options={widget.options ?? {}} />;
}
