import { evaluateCondition } from '../../core/conditions';
import { fillTemplate } from '../../core/templates';
import { at } from '../../core/resolve';
import { ActionBar } from '../../parts/ActionBar';
import { CardView } from '../../parts/CardView';
import { SummaryGrid } from '../../parts/SummaryGrid';
import { useEvalContext, useScreenScope } from '../../scopeContext';
import { Banner } from '../../skin/Banner';
import type { ShowController } from './useShowScreen';

/** A record: banners, the action bar (unless actions are hidden for it), the summary grid and the cards. */
export function ShowContent({ show }: { show: ShowController }) {
  const { body, location, entity } = show;
  const { record } = useScreenScope();
  const context = useEvalContext();
  if (!record) return null;
  const actionsHidden = body.actionsHiddenWhen !== undefined && evaluateCondition(body.actionsHiddenWhen, context);
  return (
    <div className="space-y-4">
      {(body.banners ?? [])
        .filter((banner) => evaluateCondition(banner.when, context))
        .map((banner, i) => (
          <Banner key={i} tone={banner.tone}>
            {fillTemplate(banner.text, context)}
          </Banner>
        ))}
      {!actionsHidden && (
        <ActionBar
          actions={body.actions}
          menu={body.menu && { ...body.menu, location: at(location, 'menu') }}
          resource={body.resource}
          location={at(location, 'actions')}
          label="Actions"
        />
      )}
      {body.summary && (
        <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <SummaryGrid fields={body.summary.fields} record={record} entity={entity} location={at(location, 'summary', 'fields')} columns={body.summary.columns} />
        </div>
      )}
      {(body.cards ?? []).map((card, i) => (
        <CardView key={card.title} card={card} location={at(location, 'cards', i)} entity={entity} resource={body.resource} />
      ))}
    </div>
  );
}
