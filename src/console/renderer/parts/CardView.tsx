import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import type { Card } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import type { SchemaNode } from '../core/entityFields';
import { plainText } from '../core/format';
import { at, type DefinitionLocation } from '../core/resolve';
import { fillTemplate } from '../core/templates';
import { ListView } from '../kinds/list/ListView';
import { ActionBar } from './ActionBar';
import { RecordTable } from './RecordTable';
import { useEvalContext, useScreenScope } from '../scopeContext';
import { SummaryGrid } from './SummaryGrid';
import { WidgetSlot } from './WidgetSlot';

interface CardViewProps {
  card: Card;
  location: DefinitionLocation;
  /** The entity of the screen's record, for cards of fields. */
  entity?: SchemaNode | undefined;
  /** The screen's resource, which the card's actions act on unless they name their own. */
  resource?: string | undefined;
}

/**
 * A card of a show screen or a dashboard section: fields of the record, a related list, a widget or
 * a table of the record's rows, with an optional link and actions.
 */
export function CardView({ card, location, entity, resource = '' }: CardViewProps) {
  const headingId = useId();
  const context = useEvalContext();
  const { screenId, record } = useScreenScope();
  // A related list may live under the record's path (`devices/{record.id}/one-time-fees`).
  const list = useMemo(() => card.list && { ...card.list, resource: fillTemplate(card.list.resource, context) }, [card.list, context]);
  if (!evaluateCondition(card.visibleWhen, context)) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      style={card.height ? { height: card.height } : undefined}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {card.title}
        </h2>
        {card.link && (
          <Link href={fillTemplate(card.link.to, context)} className="text-sm text-blue-700 hover:underline">
            {card.link.label}
          </Link>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {card.fields && record && entity && <SummaryGrid fields={card.fields} record={record} entity={entity} location={at(location, 'fields')} />}
        {list && (
          <ListView body={list} location={at(location, 'list')} stateKey={`${screenId}:${plainText(record?.id ?? '')}${location.path}`} label={card.title} />
        )}
        {card.widget && <WidgetSlot widget={card.widget} location={at(location, 'widget')} />}
        {card.table && record && entity && (
          <RecordTable table={card.table} record={record} entity={entity} location={at(location, 'table')} label={card.title} />
        )}
        {card.actions && <ActionBar actions={card.actions} resource={resource} location={at(location, 'actions')} label={card.title} />}
      </div>
    </section>
  );
}
