import { transitionRefusal, type TemplateAction } from '../../../domain/clinicalActivities/templateStates';
import type { RecordRule } from '../../renderer/core/coreRegistries';

const rule =
  (action: TemplateAction): RecordRule =>
  (record) =>
    transitionRefusal(record.is_draft === true, action);

/**
 * The template rules a definition may name (`{"refused": "template.promote"}`), one per action of the
 * domain's state machine (TEMPLATE_TRANSITIONS): the lists' row actions show what a draft or a
 * published version allows, in the API's words where they refuse.
 */
export const templateRules: Readonly<Record<`template.${TemplateAction}`, RecordRule>> = {
  'template.update': rule('update'),
  'template.promote': rule('promote'),
  'template.clone': rule('clone'),
  'template.delete': rule('delete'),
  'template.enable': rule('enable'),
};
