/**
 * The difference between two screen definitions (screens/*.json) in the words of whoever edits
 * screens: "column Phone removed", "field Email hidden", "title changed to ...", rather than JSON
 * pointers, so that a change to a definition can be reviewed by someone who does not read JSON.
 * Pure: it reads plain values only (definitions as they are in the files, checked or not).
 */

type JsonObject = Readonly<Record<string, unknown>>;

/** Where the walk is: the words said so far, the raw keys, and the nearest form (to name its fields). */
interface Trail {
  readonly words: readonly string[];
  readonly keys: readonly string[];
  readonly form?: JsonObject;
}

/** An array whose items are things with an identity and a name: columns, filters, tabs, actions ... */
interface Collection {
  readonly noun: string;
  /** The first of these keys holding a string identifies an item across the two definitions. */
  readonly idKeys: readonly string[];
  /** The first of these keys holding a string names the item; the first key is its label. */
  readonly nameKeys: readonly string[];
  /** Items identified by their label: one removed and one added at the same place are one renamed item. */
  readonly renameByPosition: boolean;
}

/** Two items, one of each definition, taken for the same thing. */
interface Pair {
  readonly before: number;
  readonly after: number;
}

interface Matching {
  readonly pairs: readonly Pair[];
  readonly removed: readonly number[];
  readonly added: readonly number[];
}

/** Where a form field sits: the index of its section and of its group there, -1 for none. */
interface FieldPlace {
  readonly section: number;
  readonly group: number;
}

/** A form's fields in order (`fields`, the sections' and their groups', extra properties) and where each sits. */
interface FormLayout {
  readonly order: readonly string[];
  readonly places: ReadonlyMap<string, FieldPlace>;
}

const SEPARATOR = ' › ';
const MAX_LINES = 50;
const EMPTY: ReadonlySet<string> = new Set();
const ROOT: Trail = { words: [], keys: [] };

const named = (noun: string, idKeys: readonly string[], nameKeys: readonly string[], renameByPosition = false): Collection => ({
  noun,
  idKeys,
  nameKeys,
  renameByPosition,
});

const SECTIONS = named('section', ['title'], ['title'], true);
const GROUPS = named('group', ['title'], ['title'], true);
const COLLECTIONS: ReadonlyMap<string, Collection> = new Map([
  ['columns', named('column', ['field'], ['label', 'field'])],
  ['filters', named('filter', ['field'], ['label', 'field'])],
  ['tabs', named('tab', ['key', 'name', 'label'], ['label', 'key', 'name'])],
  ['actions', named('action', ['name', 'label'], ['label', 'name'])],
  ['rowActions', named('row action', ['name', 'label'], ['label', 'name'])],
  ['bulkActions', named('bulk action', ['name', 'label'], ['label', 'name'])],
  ['cards', named('card', ['title'], ['title'], true)],
  ['sections', SECTIONS],
  ['groups', GROUPS],
  ['items', named('item', ['field'], ['label', 'field'])],
  ['badges', named('badge', ['field'], ['label', 'field'])],
  ['breadcrumbs', named('breadcrumb', ['label'], ['label'], true)],
  ['generators', named('generator', ['generator', 'label'], ['label', 'generator'])],
  ['parameters', named('parameter', ['name'], ['label', 'name'])],
  ['choices', named('choice', ['value'], ['label', 'value'])],
]);
const SEARCH_FIELDS = named('search field', ['field'], ['label', 'field']);
const VIEW_FIELDS = named('field', ['field'], ['label', 'field']);

/** Arrays of unnamed items: their items read "banner 2". */
const SINGULARS: ReadonlyMap<string, string> = new Map([
  ['banners', 'banner'],
  ['notices', 'notice'],
  ['requires', 'requirement'],
  ['hidden', 'hidden rule'],
  ['assign', 'assignment'],
  ['defaultTab', 'default tab'],
]);

const UI_WORDS: ReadonlyMap<string, string> = new Map([
  ['ui:title', 'label'],
  ['ui:help', 'help'],
  ['ui:widget', 'widget'],
  ['ui:readonly', 'read-only'],
  ['ui:enumNames', 'choice labels'],
]);

/** Keys whose string values are words shown to users; a change quotes the new words. */
const TEXT_KEYS: ReadonlySet<string> = new Set([
  'title',
  'label',
  'success',
  'error',
  'errorFallback',
  'message',
  'text',
  'hint',
  'forbidden',
  'emptyText',
  'empty',
  'submitLabel',
  'description',
]);
/** Objects whose `label` or `title` is a field path or a schema keyword, not words. */
const NOT_TEXT_PARENTS: ReadonlySet<string> = new Set(['options', 'ui:options']);
/** Objects that are the body of what holds them (a card's list): left out of the words but at the end. */
const TRANSPARENT: ReadonlySet<string> = new Set(['list', 'show']);
/** Keys of a form that its field rules explain. */
const FORM_KEYS: ReadonlySet<string> = new Set(['fields', 'sections', 'uiSchema', 'properties', 'required']);
const UI_KEYS: ReadonlySet<string> = new Set(['ui:title', 'ui:help', 'ui:widget', 'ui:readonly']);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsOf = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);
const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const ownValue = (value: JsonObject, key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);
const definedKeys = (value: JsonObject): string[] => Object.keys(value).filter((key) => value[key] !== undefined);
const unique = (values: readonly string[]): string[] => [...new Set(values)];
const phrase = (words: readonly string[]): string => words.join(SEPARATOR);
const quoted = (value: string): string => JSON.stringify(value);

/** Deep equality of JSON values; keys holding undefined count as absent. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = definedKeys(a);
  return keys.length === definedKeys(b).length && keys.every((key) => sameValue(a[key], ownValue(b, key)));
}

/** The keys of both objects: the first one's order, then the keys only the second has. */
const unionKeys = (before: JsonObject, after: JsonObject): string[] => unique([...definedKeys(before), ...definedKeys(after)]);

/** The first non-empty string among the keys (a string item is its own value). */
function pickString(item: unknown, keys: readonly string[]): string | undefined {
  if (typeof item === 'string') return item === '' ? undefined : item;
  if (!isObject(item)) return undefined;
  const found = keys.map((key) => ownValue(item, key)).find((value) => typeof value === 'string' && value !== '');
  return typeof found === 'string' ? found : undefined;
}

const nameOf = (item: unknown, spec: Collection, index: number): string => pickString(item, spec.nameKeys) ?? String(index + 1);

const prefixed = (place: readonly string[], sentence: string): string => (place.length > 0 ? `${phrase(place)}: ${sentence}` : sentence);

/** A form field's label: its uiSchema `ui:title`, else its path. */
function fieldLabel(form: JsonObject | undefined, field: string): string {
  const ui = form && isObject(form.uiSchema) ? ownValue(form.uiSchema, field) : undefined;
  const title = isObject(ui) ? ui['ui:title'] : undefined;
  return typeof title === 'string' && title !== '' ? title : field;
}

/** The collection an array under `key` is, if its items are named things. */
function collectionFor(key: string, parentKey: string | undefined, items: readonly unknown[]): Collection | undefined {
  if (key === 'search' || (key === 'fields' && parentKey === 'search')) return SEARCH_FIELDS;
  if (key === 'fields') return items.every(isObject) ? VIEW_FIELDS : undefined;
  return COLLECTIONS.get(key);
}

const keyWord = (key: string): string => UI_WORDS.get(key) ?? (key.startsWith('ui:') ? key.slice(3) : key);

/** The words of an array's item: its noun and name ("column Phone"), in place of the array's key. */
function itemWords(trail: Trail, array: readonly unknown[], token: string, child: unknown): string[] {
  if (!/^\d+$/.test(token)) return [...trail.words, token];
  const index = Number(token);
  const parentKey = trail.keys.at(-1) ?? '';
  const base = trail.words.slice(0, -1);
  if (trail.form && parentKey === 'fields' && typeof child === 'string') return [...base, `field ${fieldLabel(trail.form, child)}`];
  const spec = collectionFor(parentKey, trail.keys.at(-2), array);
  if (!spec) return [...base, `${SINGULARS.get(parentKey) ?? parentKey} ${index + 1}`];
  const owner = spec === SEARCH_FIELDS && parentKey === 'fields' ? base.slice(0, -1) : base;
  return [...owner, `${spec.noun} ${nameOf(child, spec, index)}`];
}

/** Whether `container` is the uiSchema or the properties of the trail's form (keyed by field). */
const isFieldMap = (trail: Trail, container: unknown): boolean =>
  trail.form !== undefined && container !== undefined && (container === trail.form.uiSchema || container === trail.form.properties);

/** One step of a walk: from `container` into its `key`, holding `child`; `last` when nothing follows. */
function step(trail: Trail, container: unknown, key: string, child: unknown, last: boolean): Trail {
  const keys = [...trail.keys, key];
  if (Array.isArray(container)) return { ...trail, keys, words: itemWords(trail, container, key, child) };
  if (key === 'form' && isObject(child)) return { keys, words: [...trail.words, 'form'], form: child };
  if (isFieldMap(trail, container)) return { ...trail, keys, words: [...trail.words.slice(0, -1), `field ${fieldLabel(trail.form, key)}`] };
  if (TRANSPARENT.has(key) && isObject(child) && !last) return { ...trail, keys };
  return { ...trail, keys, words: [...trail.words, keyWord(key)] };
}

/** Where a collection's sentences are said: what holds it, without a trailing "form". */
function placeOf(trail: Trail, key: string): readonly string[] {
  const parentKey = trail.keys.at(-1);
  const dropLast = (key === 'fields' && parentKey === 'search') || (parentKey === 'form' && trail.words.at(-1) === 'form');
  return dropLast ? trail.words.slice(0, -1) : trail.words;
}

/** Identities of a collection's items; a repeated one gets its occurrence ("birthdate#1"). */
function identities(items: readonly unknown[], spec: Collection): string[] {
  const seen = new Map<string, number>();
  return items.map((item, index) => {
    const base = pickString(item, spec.idKeys) ?? `#${index}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}#${count}`;
  });
}

/** Items left over on both sides taken as one when `accepts` says so (same name, same place). */
function pairLeftovers(removed: number[], added: number[], accepts: (before: number, after: number) => boolean): Pair[] {
  const pairs: Pair[] = [];
  for (const before of [...removed]) {
    const after = added.find((candidate) => accepts(before, candidate));
    if (after === undefined) continue;
    pairs.push({ before, after });
    removed.splice(removed.indexOf(before), 1);
    added.splice(added.indexOf(after), 1);
  }
  return pairs;
}

/** Which item of one definition is which of the other: by identity, then by name, then by place. */
function matchItems(before: readonly unknown[], after: readonly unknown[], spec: Collection): Matching {
  const afterIds = identities(after, spec);
  const pairs: Pair[] = identities(before, spec).flatMap((id, index) => (afterIds.includes(id) ? [{ before: index, after: afterIds.indexOf(id) }] : []));
  const removed = before.map((_, index) => index).filter((index) => !pairs.some((pair) => pair.before === index));
  const added = after.map((_, index) => index).filter((index) => !pairs.some((pair) => pair.after === index));
  const sameName = (b: number, a: number): boolean => {
    const name = pickString(before[b], spec.nameKeys);
    return name !== undefined && name === pickString(after[a], spec.nameKeys);
  };
  pairs.push(...pairLeftovers(removed, added, sameName));
  if (spec.renameByPosition) pairs.push(...pairLeftovers(removed, added, (b, a) => b === a));
  return { pairs: pairs.sort((x, y) => x.before - y.before), removed, added };
}

/**
 * The items of `before` whose place relative to the others changed: those outside a longest common
 * subsequence of the two orders, so that an addition or a removal moves nothing.
 */
function movedItems(before: readonly string[], after: readonly string[]): Set<string> {
  const width = after.length + 1;
  const table = new Array<number>((before.length + 1) * width).fill(0);
  const at = (i: number, j: number): number => table[i * width + j] ?? 0;
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      table[i * width + j] = before[i] === after[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const kept = new Set<string>();
  let [i, j] = [0, 0];
  while (i < before.length && j < after.length) {
    const item = before[i] ?? '';
    if (item === after[j]) {
      kept.add(item);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return new Set(before.filter((item) => !kept.has(item)));
}

/** "X moved from position 5 to 3" for each item whose relative order changed. */
function moveSentences(before: readonly string[], after: readonly string[], common: readonly string[], describe: (item: string) => string): string[] {
  const inBoth = (item: string): boolean => common.includes(item);
  return [...movedItems(before.filter(inBoth), after.filter(inBoth))]
    .map((item) => ({ item, from: before.indexOf(item), to: after.indexOf(item) }))
    .filter(({ from, to }) => from !== to)
    .map(({ item, from, to }) => `${describe(item)} moved from position ${from + 1} to ${to + 1}`);
}

/** The line of a value that differs where no rule explains it. */
function leafLine(key: string, before: unknown, after: unknown, trail: Trail, container: unknown): string {
  if (trail.keys.length === 0 && key === 'title' && typeof after === 'string') return `title changed to ${quoted(after)}`;
  const words = phrase(step(trail, container, key, before ?? after, true).words);
  if (isText(key, trail) && typeof after === 'string' && (before === undefined || typeof before === 'string'))
    return `text ${words} changed to ${quoted(after)}`;
  if (before === undefined) return `${words} added`;
  return after === undefined ? `${words} removed` : `${words} changed`;
}

const isText = (key: string, trail: Trail): boolean => {
  const parentKey = trail.keys.at(-1) ?? '';
  return parentKey === 'empty' || (TEXT_KEYS.has(key) && !NOT_TEXT_PARENTS.has(parentKey));
};

/** The differences of two objects, key by key, but the keys in `skip`. */
function diffObjects(before: JsonObject, after: JsonObject, trail: Trail, out: string[], skip: ReadonlySet<string> = EMPTY): void {
  for (const key of unionKeys(before, after)) {
    if (!skip.has(key)) diffEntry(key, ownValue(before, key), ownValue(after, key), trail, before, out);
  }
}

/** The differences of one key's values: a form, a collection, an array, an object or a leaf. */
function diffEntry(key: string, before: unknown, after: unknown, trail: Trail, container: JsonObject, out: string[]): void {
  if (sameValue(before, after)) return;
  if (key === 'form' && isObject(before) && isObject(after)) return diffForm(before, after, trail, out);
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(key, before, after, trail, container, out);
  if (isObject(before) && isObject(after)) return diffObjects(before, after, step(trail, container, key, before, false), out);
  out.push(leafLine(key, before, after, trail, container));
}

/** Two arrays under `key`: a collection by its items' identities, a form's field list by its rules, others index by index. */
function diffArrays(key: string, before: readonly unknown[], after: readonly unknown[], trail: Trail, container: JsonObject, out: string[]): void {
  if (trail.form && key === 'fields' && [...before, ...after].every((item) => typeof item === 'string')) return;
  const spec = collectionFor(key, trail.keys.at(-1), [...before, ...after]);
  if (spec) return diffCollection(key, before, after, spec, trail, out);
  const arrayTrail = step(trail, container, key, before, false);
  for (let index = 0; index < Math.max(before.length, after.length); index++) {
    diffArrayItem(String(index), before, after, arrayTrail, out);
  }
}

function diffArrayItem(token: string, before: readonly unknown[], after: readonly unknown[], trail: Trail, out: string[]): void {
  const [one, other] = [before[Number(token)], after[Number(token)]];
  if (sameValue(one, other)) return;
  if (isObject(one) && isObject(other)) return diffObjects(one, other, step(trail, before, token, one, false), out);
  const words = phrase(step(trail, one === undefined ? after : before, token, one ?? other, true).words);
  out.push(`${words} ${one === undefined ? 'added' : other === undefined ? 'removed' : 'changed'}`);
}

/** A collection: items removed, added, moved, relabelled, then what else differs in each. */
function diffCollection(key: string, before: readonly unknown[], after: readonly unknown[], spec: Collection, trail: Trail, out: string[]): void {
  const place = placeOf(trail, key);
  const say = (sentence: string): number => out.push(prefixed(place, sentence));
  const { pairs, removed, added } = matchItems(before, after, spec);
  removed.forEach((index) => say(`${spec.noun} ${nameOf(before[index], spec, index)} removed`));
  added.forEach((index) => say(`${spec.noun} ${nameOf(after[index], spec, index)} added`));
  const byKey = new Map(pairs.map((pair) => [`${pair.before}`, pair]));
  const afterOrder = [...pairs].sort((x, y) => x.after - y.after).map((pair) => `${pair.before}`);
  for (const id of movedItems([...byKey.keys()], afterOrder)) {
    const pair = byKey.get(id);
    if (pair && pair.before !== pair.after)
      say(`${spec.noun} ${nameOf(before[pair.before], spec, pair.before)} moved from position ${pair.before + 1} to ${pair.after + 1}`);
  }
  const itemKeys = [...trail.keys, key];
  pairs.forEach((pair) => diffItem(before[pair.before], after[pair.after], { spec, place, pair, keys: itemKeys, form: trail.form }, out));
}

interface ItemPlace {
  readonly spec: Collection;
  readonly place: readonly string[];
  readonly pair: Pair;
  readonly keys: readonly string[];
  readonly form: JsonObject | undefined;
}

/** One item of a collection in both definitions: its label, a column's cell, then the rest. */
function diffItem(before: unknown, after: unknown, at: ItemPlace, out: string[]): void {
  if (sameValue(before, after)) return;
  const name = `${at.spec.noun} ${nameOf(before, at.spec, at.pair.before)}`;
  const words = [...at.place, name];
  if (!isObject(before) || !isObject(after)) {
    out.push(`${phrase(words)} changed`);
    return;
  }
  const handled = new Set<string>();
  const say = (itemKey: string, sentence: string): void => {
    handled.add(itemKey);
    out.push(prefixed(at.place, sentence));
  };
  const labelKey = at.spec.nameKeys[0] ?? 'label';
  const label = after[labelKey];
  if (typeof label === 'string' && label !== '' && label !== before[labelKey]) say(labelKey, `${labelKey} of ${name} changed to ${label}`);
  if (at.spec.noun === 'column' && typeof after.cell === 'string' && after.cell !== before.cell) say('cell', `cell of ${name} changed to ${after.cell}`);
  const trail: Trail = { words, keys: [...at.keys, String(at.pair.before)], ...(at.form ? { form: at.form } : {}) };
  diffObjects(before, after, trail, out, handled);
}

/** A form's fields in order and the section or group each sits in. */
function layoutOf(form: JsonObject): FormLayout {
  const entries: [string, FieldPlace][] = stringsOf(form.fields).map((field) => [field, { section: -1, group: -1 }]);
  objectsOf(form.sections).forEach((section, sectionIndex) => {
    entries.push(...stringsOf(section.fields).map((field): [string, FieldPlace] => [field, { section: sectionIndex, group: -1 }]));
    objectsOf(section.groups).forEach((group, groupIndex) => {
      entries.push(...stringsOf(group.fields).map((field): [string, FieldPlace] => [field, { section: sectionIndex, group: groupIndex }]));
    });
  });
  if (isObject(form.properties)) entries.push(...definedKeys(form.properties).map((field): [string, FieldPlace] => [field, { section: -1, group: -1 }]));
  const places = new Map<string, FieldPlace>();
  entries.forEach(([field, place]) => places.has(field) || places.set(field, place));
  return { order: [...places.keys()], places };
}

/** A field's section (and group) in words: "section Identity › group COPD"; '' for none. */
function placeWords(form: JsonObject, place: FieldPlace): string {
  const section = objectsOf(form.sections)[place.section];
  const group = objectsOf(section?.groups)[place.group];
  const words = [
    section && `section ${pickString(section, ['title']) ?? place.section + 1}`,
    group && `group ${pickString(group, ['title']) ?? place.group + 1}`,
  ];
  return phrase(words.filter((word): word is string => typeof word === 'string'));
}

/** The index of the item of `after` matched with item `index` of `before` (a section renamed stays itself). */
const matchedIndex = (before: unknown, after: unknown, spec: Collection, index: number): number | undefined =>
  matchItems(objectsOf(before), objectsOf(after), spec).pairs.find((pair) => pair.before === index)?.after;

/** Whether a field sits in the same section and group of both forms, sections matched as items. */
function samePlace(forms: FormPair, from: FieldPlace, to: FieldPlace): boolean {
  if (from.section < 0 || to.section < 0) return from.section === to.section;
  if (matchedIndex(forms.before.sections, forms.after.sections, SECTIONS, from.section) !== to.section) return false;
  if (from.group < 0 || to.group < 0) return from.group === to.group;
  const [before, after] = [objectsOf(forms.before.sections)[from.section], objectsOf(forms.after.sections)[to.section]];
  return matchedIndex(before?.groups, after?.groups, GROUPS, from.group) === to.group;
}

/** The sides of a form compared: both forms and layouts, and where to say what differs. */
interface FormPair {
  readonly before: JsonObject;
  readonly after: JsonObject;
  readonly beforeLayout: FormLayout;
  readonly afterLayout: FormLayout;
  readonly say: (sentence: string) => void;
}

/** Two forms: fields removed, added and moved, each field's label, visibility, help, widget and requirement, then the rest. */
function diffForm(before: JsonObject, after: JsonObject, trail: Trail, out: string[]): void {
  const place = trail.words;
  const forms: FormPair = {
    before,
    after,
    beforeLayout: layoutOf(before),
    afterLayout: layoutOf(after),
    say: (sentence) => {
      out.push(prefixed(place, sentence));
    },
  };
  fieldMembership(forms);
  fieldsInBoth(forms).forEach((field) => fieldSentences(field, forms));
  const formTrail: Trail = { words: [...trail.words, 'form'], keys: [...trail.keys, 'form'], form: before };
  diffEntry('sections', before.sections, after.sections, formTrail, before, out);
  for (const mapKey of ['uiSchema', 'properties'] as const) diffFieldMap(mapKey, forms, formTrail, out);
  diffObjects(before, after, formTrail, out, FORM_KEYS);
}

/** Fields removed, added, moved in the form's order, and moved to another section or group. */
function fieldMembership(forms: FormPair): void {
  const before = forms.beforeLayout.order;
  const after = forms.afterLayout.order;
  const common = before.filter((field) => forms.afterLayout.places.has(field));
  before.filter((field) => !common.includes(field)).forEach((field) => forms.say(`field ${fieldLabel(forms.before, field)} removed`));
  after.filter((field) => !forms.beforeLayout.places.has(field)).forEach((field) => forms.say(`field ${fieldLabel(forms.after, field)} added`));
  moveSentences(before, after, common, (field) => `field ${fieldLabel(forms.before, field)}`).forEach(forms.say);
  for (const field of common) {
    const [from, to] = [forms.beforeLayout.places.get(field), forms.afterLayout.places.get(field)];
    if (!from || !to || samePlace(forms, from, to)) continue;
    const name = `field ${fieldLabel(forms.before, field)}`;
    forms.say(to.section < 0 ? `${name} moved out of ${placeWords(forms.before, from)}` : `${name} moved to ${placeWords(forms.after, to)}`);
  }
}

const uiOf = (form: JsonObject, field: string): JsonObject => {
  const entry = isObject(form.uiSchema) ? ownValue(form.uiSchema, field) : undefined;
  return isObject(entry) ? entry : {};
};
const requiredOf = (form: JsonObject): Set<string> => new Set(stringsOf(form.required));
const isRemoved = (field: string, forms: FormPair): boolean => forms.beforeLayout.places.has(field) && !forms.afterLayout.places.has(field);
const isAdded = (field: string, forms: FormPair): boolean => !forms.beforeLayout.places.has(field) && forms.afterLayout.places.has(field);

/** Every field either form speaks of (laid out, in the uiSchema or required), but the removed ones. */
function fieldsInBoth(forms: FormPair): string[] {
  const mapKeys = (form: JsonObject): string[] => (isObject(form.uiSchema) ? definedKeys(form.uiSchema) : []);
  const all = unique([
    ...forms.beforeLayout.order,
    ...forms.afterLayout.order,
    ...mapKeys(forms.before),
    ...mapKeys(forms.after),
    ...requiredOf(forms.before),
    ...requiredOf(forms.after),
  ]);
  return all.filter((field) => !isRemoved(field, forms));
}

/** One field's label, visibility, editability, help and widget (not for a new field), then its requirement. */
function fieldSentences(field: string, forms: FormPair): void {
  const name = `field ${fieldLabel(forms.before, field)}`;
  if (!isAdded(field, forms)) uiSentences(field, name, forms);
  const [was, is] = [requiredOf(forms.before).has(field), requiredOf(forms.after).has(field)];
  if (was !== is) forms.say(`${isAdded(field, forms) ? `field ${fieldLabel(forms.after, field)}` : name} made ${is ? 'required' : 'optional'}`);
}

function uiSentences(field: string, name: string, forms: FormPair): void {
  const [before, after] = [uiOf(forms.before, field), uiOf(forms.after, field)];
  if (!sameValue(before['ui:title'], after['ui:title'])) forms.say(`label of ${name} changed to ${fieldLabel(forms.after, field)}`);
  const [wasHidden, isHidden] = [before['ui:widget'] === 'hidden', after['ui:widget'] === 'hidden'];
  if (wasHidden !== isHidden) forms.say(`${name} ${isHidden ? 'hidden' : 'shown'}`);
  else if (!sameValue(before['ui:widget'], after['ui:widget'])) {
    forms.say(`widget of ${name} changed to ${typeof after['ui:widget'] === 'string' ? after['ui:widget'] : 'default'}`);
  }
  const [wasReadOnly, isReadOnly] = [before['ui:readonly'] === true, after['ui:readonly'] === true];
  if (wasReadOnly !== isReadOnly) forms.say(`${name} made ${isReadOnly ? 'read-only' : 'editable'}`);
  if (!sameValue(before['ui:help'], after['ui:help'])) forms.say(`help of ${name} changed`);
}

/** The uiSchema or properties entries of fields in both forms, but what the field rules said. */
function diffFieldMap(mapKey: 'uiSchema' | 'properties', forms: FormPair, formTrail: Trail, out: string[]): void {
  const [before, after] = [forms.before[mapKey], forms.after[mapKey]];
  if (sameValue(before, after)) return;
  if (!isObject(before) || !isObject(after)) {
    out.push(leafLine(mapKey, before, after, formTrail, forms.before));
    return;
  }
  const skip = mapKey === 'uiSchema' ? UI_KEYS : EMPTY;
  for (const field of unionKeys(before, after)) {
    if (isRemoved(field, forms) || isAdded(field, forms)) continue;
    const [one, other] = [ownValue(before, field), ownValue(after, field)];
    const trail: Trail = { ...formTrail, words: [...formTrail.words, `field ${fieldLabel(forms.before, field)}`], keys: [...formTrail.keys, mapKey, field] };
    if (isObject(one) || isObject(other)) diffObjects(isObject(one) ? one : {}, isObject(other) ? other : {}, trail, out, skip);
    else if (!sameValue(one, other)) out.push(`${phrase(trail.words)} changed`);
  }
}

/** At most MAX_LINES lines: past it, the last line counts the rest. */
function capped(lines: readonly string[]): string[] {
  if (lines.length <= MAX_LINES) return [...lines];
  return [...lines.slice(0, MAX_LINES - 1), `and ${lines.length - MAX_LINES + 1} more changes`];
}

/**
 * The changes from `before` to `after`, two screen definitions, each a short sentence in a screen
 * editor's words ("column Phone removed", "label of field Date of Birth changed to DOB",
 * `title changed to "All Patients (beta)"`), in a stable order, for reviewing a definition's change
 * without reading JSON. Columns, filters, search fields, tabs, actions and form fields are compared
 * as things (by field, key or name), wherever they sit; a nested one's sentence starts with its place
 * ("tab Medical History › tab Medications › card Medications: column Dosage removed"). What no rule
 * explains reads as its pointer in words ("sort › field changed"). `version` is ignored; at most 50
 * lines, the last of them "and N more changes" when there are more.
 */
export function describeScreenChanges(before: unknown, after: unknown): string[] {
  if (sameValue(before, after)) return [];
  if (!isObject(before) || !isObject(after)) return ['the screen changed'];
  const out: string[] = [];
  diffObjects(before, after, ROOT, out, new Set(['version']));
  return capped(out);
}

/** The tokens of a JSON pointer (RFC 6901); "" and "/" are the whole document. */
function pointerTokens(pointer: string): string[] {
  const path = pointer.replace(/^#/, '').replace(/^\//, '');
  if (path === '') return [];
  return path.split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function childOf(node: unknown, token: string): unknown {
  if (Array.isArray(node)) return /^\d+$/.test(token) ? (node as readonly unknown[])[Number(token)] : undefined;
  return isObject(node) ? ownValue(node, token) : undefined;
}

/**
 * A JSON pointer into a screen definition in words, naming items by their label, title or name
 * ("/columns/3/cell" → "column Primary Condition › cell", "/form/uiSchema/user.first_name/ui:widget"
 * → "form › field First Name › widget", "" → "the screen"), so that a check's or a reviewer's
 * finding can point at a place the way the screen editor shows it. Unknown parts read as their key;
 * unnamed items as their noun and 1-based place ("column 3").
 */
export function describePointer(definition: unknown, pointer: string): string {
  const tokens = pointerTokens(pointer);
  let trail = ROOT;
  let node = definition;
  tokens.forEach((token, index) => {
    const child = childOf(node, token);
    trail = step(trail, node, token, child, index === tokens.length - 1);
    node = child;
  });
  return trail.words.length > 0 ? phrase(trail.words) : 'the screen';
}
