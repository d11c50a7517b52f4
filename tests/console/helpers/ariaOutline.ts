import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';

/** Roles an outline names, in the order a screen reader meets them. Other elements are transparent. */
const SHOWN = new Set([
  'alert',
  'alertdialog',
  'banner',
  'button',
  'cell',
  'checkbox',
  'columnheader',
  'combobox',
  'complementary',
  'definition',
  'dialog',
  'form',
  'heading',
  'img',
  'link',
  'list',
  'listbox',
  'listitem',
  'main',
  'menu',
  'menuitem',
  'navigation',
  'option',
  'radio',
  'region',
  'row',
  'rowheader',
  'searchbox',
  'spinbutton',
  'status',
  'switch',
  'tab',
  'table',
  'tablist',
  'tabpanel',
  'term',
  'textbox',
]);
/** Roles whose name is their content: the outline says the name and does not go inside. */
const LEAVES = new Set(['button', 'cell', 'columnheader', 'heading', 'link', 'menuitem', 'option', 'rowheader', 'tab', 'term', 'definition', 'img']);
/** Table rows shown per table; the rest are counted, so that an outline says the shape without every fixture row. */
const ROWS_SHOWN = 3;

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const roleOf = (element: Element) => element.getAttribute('role')?.split(' ')[0] ?? getRole(element) ?? '';

function describe(element: Element, role: string): string {
  const name = normalize(computeAccessibleName(element));
  const states = [
    role === 'heading' ? `level=${element.getAttribute('aria-level') ?? element.tagName.slice(1)}` : '',
    element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true' ? 'disabled' : '',
    element.getAttribute('aria-checked') === 'true' || (element as HTMLInputElement).checked === true ? 'checked' : '',
    element.getAttribute('aria-selected') === 'true' ? 'selected' : '',
    element.getAttribute('aria-expanded') === 'true' ? 'expanded' : '',
    element.getAttribute('aria-current') ? 'current' : '',
  ].filter(Boolean);
  const value =
    ['textbox', 'searchbox', 'spinbutton', 'combobox'].includes(role) && 'value' in element ? normalize(String((element as HTMLInputElement).value)) : '';
  return `${role}${name ? ` "${name}"` : ''}${states.length ? ` [${states.join(', ')}]` : ''}${value ? ` = "${value}"` : ''}`;
}

const hasShownDescendant = (element: Element) => [...element.querySelectorAll('*')].some((child) => SHOWN.has(roleOf(child)));

/**
 * A screen as its accessibility tree reads, one line per landmark, heading, control, row and piece
 * of text, indented by nesting: `button "Add Device"`, `row: 123456789012345 | Tenovi | Active`.
 * A screen's outline is what the screens test keeps, so that a change to a definition shows as a
 * diff a reader can review (what is shown, in which role, with which name), not as class names.
 */
export function ariaOutline(root: Element): string {
  const lines: string[] = [];
  const rowsSeen = new Map<Element, number>();
  const line = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  const visit = (element: Element, depth: number) => {
    if (isInaccessible(element)) return;
    const role = roleOf(element);
    if (role === 'row') {
      const table = element.closest('table, [role="table"], [role="grid"]') ?? root;
      const seen = (rowsSeen.get(table) ?? 0) + 1;
      rowsSeen.set(table, seen);
      const cells = [...element.children].map((cell) => normalize(computeAccessibleName(cell) || cell.textContent));
      if (seen <= ROWS_SHOWN + 1) line(depth, `row: ${cells.join(' | ')}`);
      return;
    }
    let inner = depth;
    if (SHOWN.has(role)) {
      line(depth, describe(element, role));
      if (LEAVES.has(role)) return;
      inner = depth + 1;
    } else if (!hasShownDescendant(element)) {
      const text = normalize(element.textContent);
      if (text) line(depth, `text "${text}"`);
      return;
    }
    for (const node of element.childNodes) {
      if (node.nodeType === node.TEXT_NODE) {
        const text = normalize(node.textContent);
        if (text) line(inner, `text "${text}"`);
      } else if (node.nodeType === node.ELEMENT_NODE) {
        visit(node as Element, inner);
      }
    }
    if (role === 'table' && (rowsSeen.get(element) ?? 0) > ROWS_SHOWN + 1) line(inner, `… ${(rowsSeen.get(element) ?? 0) - ROWS_SHOWN - 1} more rows`);
  };
  visit(root, 0);
  return `${lines.join('\n')}\n`;
}
