/**
 * The templates' versioning state machine (spec 002 section 4; README "Versions"), in a module of
 * its own with no imports: the lists' row rules read it on every list page (issue 20's budgets).
 */

export type TemplateState = 'draft' | 'published';
export type TemplateAction = 'update' | 'promote' | 'clone' | 'delete' | 'enable';

/** The state machine as one table: what each action does from each state (null: refused, with the 409's message). */
export const TEMPLATE_TRANSITIONS: Record<TemplateState, Record<TemplateAction, { to: TemplateState | 'deleted' | 'new_draft' } | { refused: string }>> = {
  draft: {
    update: { to: 'draft' },
    promote: { to: 'published' },
    clone: { to: 'new_draft' },
    delete: { to: 'deleted' },
    enable: { to: 'draft' },
  },
  published: {
    update: { refused: 'A published template never changes: clone it to make a new draft' },
    promote: { refused: 'The template is already published' },
    clone: { to: 'new_draft' },
    delete: { refused: 'Only drafts can be deleted' },
    enable: { to: 'published' },
  },
};

export const templateState = (isDraft: boolean): TemplateState => (isDraft ? 'draft' : 'published');

/** The refusal of `action` on a template in `state`, or null when allowed. */
export function transitionRefusal(isDraft: boolean, action: TemplateAction): string | null {
  const rule = TEMPLATE_TRANSITIONS[templateState(isDraft)][action];
  return 'refused' in rule ? rule.refused : null;
}
