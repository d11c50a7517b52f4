// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { defineLazyEntry, onDemandPart, preloadRegistries, preloadScreenParts } from '../../../../src/console/renderer/registries/lazyEntry';
import type { WidgetProps } from '../../../../src/console/renderer/registries/widgets/widgetTypes';
import '../../helpers/dom';

const greetingOptions = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } as const;
const Greeting = ({ options }: { options: { name: string } }) => <p>Hello {options.name}</p>;

describe('registry entries fetched on demand', () => {
  it('keep their options schema at once, and draw "Loading…" until the component arrives', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const entry = defineLazyEntry<WidgetProps>()(greetingOptions, load);
    expect(entry.optionsSchema).toBe(greetingOptions);
    expect(load).not.toHaveBeenCalled();
    render(<entry.Component options={{ name: 'Ada' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload fetches the component once and answers it; a part preloaded draws at once', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const entry = defineLazyEntry<WidgetProps>()(greetingOptions, load);
    expect(await entry.preload?.()).toBe(Greeting);
    expect(await entry.preload?.()).toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(1);
    render(<entry.Component options={{ name: 'Grace' }} />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
  });

  it('preloadRegistries fetches the widgets, RJSF widgets and RJSF fields that load on demand, and leaves the others', async () => {
    const widget = defineLazyEntry<WidgetProps>()(
      greetingOptions,
      vi.fn(() => Promise.resolve(Greeting)),
    );
    const RjsfWidget = onDemandPart(vi.fn(() => Promise.resolve(() => <input aria-label="Widget" />)));
    const RjsfField = onDemandPart(vi.fn(() => Promise.resolve(() => <input aria-label="Field" />)));
    const eager = { optionsSchema: greetingOptions, Component: Greeting as never };
    await preloadRegistries({ widgets: { widget, eager }, rjsfWidgets: { imei: RjsfWidget, text: () => null }, rjsfFields: { height: RjsfField } });
    render(
      <>
        <widget.Component options={{ name: 'Alan' }} />
        <RjsfWidget />
        <RjsfField />
      </>,
    );
    expect(screen.getByText('Hello Alan')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Widget' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Field' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('preloadScreenParts fetches the widgets and form parts a definition names, and nothing else', async () => {
    const named = vi.fn(() => Promise.resolve(Greeting));
    const other = vi.fn(() => Promise.resolve(Greeting));
    const field = vi.fn(() => Promise.resolve(() => <input aria-label="Field" />));
    const registries = {
      widgets: { named: defineLazyEntry<WidgetProps>()(greetingOptions, named), other: defineLazyEntry<WidgetProps>()(greetingOptions, other) },
      rjsfWidgets: {},
      rjsfFields: { height: onDemandPart(field) },
    };
    const definition = {
      kind: 'tabs',
      tabs: [
        { key: 'a', widget: { name: 'named', options: { name: 'x' } } },
        { key: 'b', widget: { name: 'unknown' } },
      ],
      form: { uiSchema: { height: { 'ui:field': 'height' } } },
    };
    preloadScreenParts(definition, registries);
    await vi.waitFor(() => expect(named).toHaveBeenCalledTimes(1));
    expect(field).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it("every feature's widget loads on demand; of the renderer's own, only the list's count stays in its code", () => {
    const lazy = Object.entries(screenRegistries.widgets).filter(([, entry]) => 'preload' in entry && typeof entry.preload === 'function');
    const eager = Object.keys(screenRegistries.widgets).filter((name) => !lazy.some(([lazyName]) => lazyName === name));
    // The deliberate error (the Testing page) and a record's notes (a show screen) are drawn by no list (issue 20).
    expect(eager).toEqual(['resource_count']);
    for (const part of [...Object.values(screenRegistries.rjsfWidgets), ...Object.values(screenRegistries.rjsfFields)]) {
      expect(typeof (part as { preload?: unknown }).preload).toBe('function');
    }
  });
});
