import { useRef } from 'react';
import { evaluateCondition } from '../../core/conditions';
import { resolveFieldView } from '../../core/fieldViews';
import { fillTemplate } from '../../core/templates';
import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { CardView } from '../../parts/CardView';
import { ChartBanner } from '../../parts/ChartBanner';
import { FieldCell } from '../../parts/FieldCell';
import { SummaryGrid } from '../../parts/SummaryGrid';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { ActionMenu } from '../../skin/ActionMenu';
import { Banner } from '../../skin/Banner';
import { RecordPanel } from './RecordPanel';
import type { ShowController } from './useShowScreen';

/**
 * A record: banners, the chart banner, the header row (badges, then the action bar unless actions are hidden for
 * it), the summary grid and the cards (pinned first, then those whose `topWhen` holds), and the side panel
 * beside them when the definition has one.
 */
export function ShowContent({ show }: { show: ShowController }) {
  const { body, location, entity } = show;
  const { record } = useScreenScope();
  const context = useEvalContext();
  const area = useRef<HTMLDivElement>(null);
  if (!record) return null;
  const actionsHidden = body.actionsHiddenWhen !== undefined && evaluateCondition(body.actionsHiddenWhen, context);
  const cards = (body.cards ?? []).map((card, index) => ({
    card,
    index,
    rank: card.pinned ? 0 : card.topWhen !== undefined && evaluateCondition(card.topWhen, context) ? 1 : 2,
  }));
  // Pinned cards, then those raised by topWhen, then the rest; each group in definition order (a stable sort).
  const ordered = [...cards].sort((a, b) => a.rank - b.rank);
  const badges = (body.badges ?? []).map((view) => resolveFieldView(view, entity)).filter((view) => evaluateCondition(view.visibleWhen, context));
  const actionBar = (
    <ActionBar
      actions={body.actions}
      menu={body.menu && { ...body.menu, location: at(location, 'menu'), Menu: ActionMenu }}
      resource={body.resource}
      location={at(location, 'actions')}
      label="Actions"
    />
  );
  const main = (
    <div className="min-w-0 flex-1 space-y-4">
      {body.summary && (
        <section aria-label={body.summary.title} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          {body.summary.title && <h2 className="mb-3 text-base font-semibold text-slate-900">{body.summary.title}</h2>}
          <SummaryGrid
            fields={body.summary.fields}
            record={record}
            entity={entity}
            location={at(location, 'summary', 'fields')}
            columns={body.summary.columns}
          />
        </section>
      )}
      {ordered.map(({ card, index }) => (
        <CardView key={card.title} card={card} location={at(location, 'cards', index)} entity={entity} resource={body.resource} />
      ))}
    </div>
  );
  return (
    <div className="space-y-4">
      {(body.banners ?? [])
        .filter((banner) => evaluateCondition(banner.when, context))
        .map((banner, i) => (
          <Banner key={i} tone={banner.tone}>
            {fillTemplate(banner.text, context)}
          </Banner>
        ))}
      {body.banner && <ChartBanner banner={body.banner} record={record} entity={entity} location={at(location, 'banner', 'items')} />}
      {badges.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            {badges.map((view, i) => (
              <span key={view.field} role="group" aria-label={view.label}>
                <FieldCell view={view} record={record} location={at(location, 'badges', i)} />
              </span>
            ))}
          </div>
          {!actionsHidden && <div className="flex-1">{actionBar}</div>}
        </div>
      ) : (
        !actionsHidden && actionBar
      )}
      {body.panel ? (
        <div ref={area} className="flex flex-col gap-2 md:flex-row md:items-start">
          {main}
          <RecordPanel panel={body.panel} location={at(location, 'panel')} container={area} />
        </div>
      ) : (
        main
      )}
    </div>
  );
}
