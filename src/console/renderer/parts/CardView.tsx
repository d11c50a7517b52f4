import { useId } from 'react';
import { Link } from 'wouter';
import type { Card } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import type { SchemaNode } from '../core/entityFields';
import { at, type DefinitionLocation } from '../core/resolve';
import { fillTemplate } from '../core/templates';
import { ListView } from '../kinds/list/ListView';
import { useEvalContext, useScreenScope } from '../scopeContext';
import { SummaryGrid } from './SummaryGrid';
import { WidgetSlot } from './WidgetSlot';

interface CardViewProps {
  card: Card;
  location: DefinitionLocation;
  /** The entity of the screen's record, for cards of fields. */
  entity?: SchemaNode | undefined;
}

/** A card of a show screen or a dashboard section: fields of the record, a related list or a widget, with an optional link. */
export function CardView({ card, location, entity }: CardViewProps) {
  const headingId = useId();
  const context = useEvalContext();
  const { screenId, record } = useScreenScope();
  if (!evaluateCondition(card.visibleWhen, context)) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" style={card.height ? { height: card.height } : undefined}>
      <div className="mb-3 flex items-center justify-between">
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
        {card.list && <ListView body={card.list} location={at(location, 'list')} stateKey={`${screenId}:${String(record?.id ?? '')}${location.path}`} />}
        {card.widget && <WidgetSlot widget={card.widget} location={at(location, 'widget')} />}
      </div>
    </section>
  );
}
