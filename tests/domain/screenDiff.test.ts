import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type FormFragment, fragmentsById, resolveFormFragment } from '../../schemas/screenFragments';
import { describePointer, describeScreenChanges } from '../../src/domain/screenDiff';

type Json = Record<string, unknown>;

const screensDir = join(import.meta.dirname, '../../screens');
const load = (file: string): Json => JSON.parse(readFileSync(join(screensDir, file), 'utf8')) as Json;
const fragments = fragmentsById([load('fragments/patient.form.json') as unknown as FormFragment]);
const resolved = (file: string): Json => resolveFormFragment(load(file), fragments, (message) => new Error(message));

/** A fresh copy of a real screen, changed by `edit`. */
function edited<T extends Json>(screen: T, edit: (copy: T) => void): T {
  const copy = structuredClone(screen);
  edit(copy);
  return copy;
}

interface Column {
  field: string;
  label?: string;
  cell?: string;
}
interface ListScreen extends Json {
  title: string;
  columns: Column[];
  filters: { field: string; label?: string }[];
  tabs: { key: string; label: string }[];
  search: { fields: { field: string; label: string }[] };
  sort: { field: string; order: string };
  actions: { label: string }[];
  bulkActions: { success: string }[];
}
interface FormScreen extends Json {
  form: {
    sections: { title: string; fields: string[] }[];
    uiSchema: Record<string, Record<string, unknown>>;
    required: string[];
  };
}

const patientsList = load('patients.list.json') as ListScreen;
const patientsCreate = resolved('patients.create.json') as FormScreen;
const clinical = load('patients.clinical.json');
const patientsShow = load('patients.show.json');

const listChange = (edit: (screen: ListScreen) => void): string[] => describeScreenChanges(patientsList, edited(patientsList, edit));
const formChange = (edit: (screen: FormScreen) => void): string[] => describeScreenChanges(patientsCreate, edited(patientsCreate, edit));
const columnIndex = (screen: ListScreen, label: string): number => screen.columns.findIndex((column) => column.label === label);

describe('describeScreenChanges: columns of All Patients', () => {
  test('a relabelled column is named by its old label', () => {
    expect(listChange((screen) => (screen.columns[0] = { ...screen.columns[0], field: 'user.full_name', label: 'Patient' }))).toEqual([
      'label of column Name changed to Patient',
    ]);
  });

  test('a removed column, and no move for the columns after it', () => {
    expect(listChange((screen) => screen.columns.splice(columnIndex(screen, 'Phone'), 1))).toEqual(['column Phone removed']);
  });

  test('an added column, and no move for the columns after it', () => {
    expect(listChange((screen) => screen.columns.splice(2, 0, { field: 'user.email', label: 'Email' }))).toEqual(['column Email added']);
  });

  test('a moved column, with 1-based positions', () => {
    const moved = listChange((screen) => {
      const [phone] = screen.columns.splice(columnIndex(screen, 'Phone'), 1);
      if (phone) screen.columns.splice(2, 0, phone);
    });
    expect(moved).toEqual(['column Phone moved from position 5 to 3']);
  });

  test('a move is told apart from a removal before it', () => {
    const changes = listChange((screen) => {
      screen.columns.splice(columnIndex(screen, 'Status'), 1);
      const [phone] = screen.columns.splice(columnIndex(screen, 'Phone'), 1);
      if (phone) screen.columns.unshift(phone);
    });
    expect(changes).toEqual(['column Status removed', 'column Phone moved from position 5 to 1']);
  });

  test("a column's cell", () => {
    expect(listChange((screen) => (screen.columns[columnIndex(screen, 'Phone')] = { field: 'user', label: 'Phone', cell: 'text' }))).toEqual([
      'cell of column Phone changed to text',
    ]);
  });

  test('anything else of a column reads as its place in words', () => {
    expect(listChange((screen) => delete (screen.columns[0] as { sortable?: boolean }).sortable)).toEqual(['column Name › sortable removed']);
  });
});

describe('describeScreenChanges: filters, search, tabs and actions', () => {
  test("a picker's label path in a filter's options is no text", () => {
    const changes = listChange((screen) => {
      const consented = screen.filters.find((filter) => filter.label === 'Consented By') as { options: { label: string } } | undefined;
      if (consented) consented.options.label = 'email';
    });
    expect(changes).toEqual(['filter Consented By › options › label changed']);
  });

  test('a removed filter is named by its label', () => {
    expect(listChange((screen) => (screen.filters = screen.filters.filter((filter) => filter.label !== 'Care Team')))).toEqual(['filter Care Team removed']);
  });

  test('an added filter without a label is named by its field', () => {
    expect(listChange((screen) => screen.filters.push({ field: 'gender', type: 'select' } as { field: string }))).toEqual(['filter gender added']);
  });

  test('a search field removed', () => {
    expect(listChange((screen) => screen.search.fields.splice(1, 1))).toEqual(['search field Phone removed']);
  });

  test('tabs removed, added and relabelled', () => {
    const changes = listChange((screen) => {
      screen.tabs = screen.tabs.filter((tab) => tab.key !== 'unseen');
      screen.tabs.push({ key: 'archived', label: 'Archived' });
      const active = screen.tabs.find((tab) => tab.key === 'active');
      if (active) active.label = 'Enrolled';
    });
    expect(changes).toEqual(['tab Unseen removed', 'tab Archived added', 'label of tab Active changed to Enrolled']);
  });

  test("an action's label and a bulk action's success text", () => {
    const changes = listChange((screen) => {
      if (screen.actions[0]) screen.actions[0].label = 'New Patient';
      if (screen.bulkActions[0]) screen.bulkActions[0].success = 'Added.';
    });
    expect(changes).toEqual(['text bulk action Add to group › success changed to "Added."', 'label of action Add Patient changed to New Patient']);
  });

  test('the title', () => {
    expect(listChange((screen) => (screen.title = 'All Patients (beta)'))).toEqual(['title changed to "All Patients (beta)"']);
  });
});

describe('describeScreenChanges: the fields of Add Patient (patient.form merged in)', () => {
  test('a moved field, at its place in the whole form', () => {
    const changes = formChange((screen) => {
      const identity = screen.form.sections[0];
      if (identity) identity.fields = ['user.first_name', 'user.last_name', 'user.middle_name', ...identity.fields.slice(3)];
    });
    expect(changes).toEqual(['field Middle Name moved from position 2 to 3']);
  });

  test('a field moved to another section at the same place in the whole form', () => {
    const changes = formChange((screen) => {
      const [identity, monitoring] = screen.form.sections;
      const zip = identity?.fields.pop();
      if (zip) monitoring?.fields.unshift(zip);
    });
    expect(changes).toEqual(['field ZIP Code moved to section Monitoring configuration']);
  });

  test('a field moved out of a group into its section, named with the group', () => {
    const changes = formChange((screen) => {
      const monitoring = screen.form.sections[1] as { fields: string[]; groups: { fields: string[] }[] } | undefined;
      const field = monitoring?.groups[0]?.fields.shift();
      if (field) monitoring?.fields.push(field);
    });
    expect(changes).toEqual(['field Ejection Fraction (%) moved to section Monitoring configuration']);
  });

  test('a field removed and one added', () => {
    const changes = formChange((screen) => {
      const enrollment = screen.form.sections[2];
      if (enrollment) enrollment.fields = [...enrollment.fields.filter((field) => field !== 'onboarding_imei'), 'user.nickname'];
      screen.form.uiSchema['user.nickname'] = { 'ui:title': 'Nickname' };
    });
    expect(changes).toEqual(['field Onboarding IMEI removed', 'field Nickname added']);
  });

  test('a hidden field', () => {
    expect(formChange((screen) => (screen.form.uiSchema['user.email'] = { ...screen.form.uiSchema['user.email'], 'ui:widget': 'hidden' }))).toEqual([
      'field Email hidden',
    ]);
  });

  test('a relabelled field is named by its old label', () => {
    expect(formChange((screen) => (screen.form.uiSchema.birthdate = { 'ui:title': 'DOB' }))).toEqual(['label of field Date of Birth changed to DOB']);
  });

  test('read-only, help, widget and requirement', () => {
    const changes = formChange((screen) => {
      const email = screen.form.uiSchema['user.email'] ?? {};
      screen.form.uiSchema['user.email'] = { ...email, 'ui:readonly': true, 'ui:help': 'for the app' };
      screen.form.uiSchema.care_setting = { 'ui:title': 'Care Setting', 'ui:widget': 'radio' };
      screen.form.required = [...screen.form.required.filter((field) => field !== 'gender'), 'user.email'];
    });
    expect(changes).toEqual([
      'field Sex at Birth made optional',
      'field Email made read-only',
      'help of field Email changed',
      'field Email made required',
      'widget of field Care Setting changed to radio',
    ]);
  });

  test('a renamed section is said at the top level, not under "form"', () => {
    const changes = formChange((screen) => {
      const enrollment = screen.form.sections[2];
      if (enrollment) enrollment.title = 'Enrollment';
    });
    expect(changes).toEqual(['title of section Enrollment Information changed to Enrollment']);
  });

  test('other uiSchema keys of a field read as its place in words', () => {
    const changes = formChange((screen) => (screen.form.uiSchema['user.mobile_phone_number'] = { 'ui:title': 'Mobile Phone' }));
    expect(changes).toEqual(['form › field Mobile Phone › placeholder removed']);
  });
});

describe('describeScreenChanges: nested screens', () => {
  test('a column of a card of a sub-tab of patients.clinical', () => {
    const changed = edited(clinical, (screen) => {
      const card = (screen as { tabs: { tabs?: { show?: { cards?: { list?: { columns: Column[] } }[] } }[] }[] }).tabs[3]?.tabs?.[1]?.show?.cards?.[0];
      if (card?.list) card.list.columns = card.list.columns.filter((column) => column.label !== 'Dosage');
    });
    expect(describeScreenChanges(clinical, changed)).toEqual(['tab Medical History › tab Medications › card Medications: column Dosage removed']);
  });

  test("a form field of a card's row action of patients.show, and a card's title", () => {
    type Card = { title: string; list: { rowActions: { name: string; form: FormScreen['form'] }[] } };
    const changed = edited(patientsShow as Json & { cards: Card[] }, (screen) => {
      const carePrograms = screen.cards.find((card) => card.title === 'Care Programs');
      const edit = carePrograms?.list.rowActions.find((action) => action.name === 'edit_care_program');
      if (edit) edit.form.uiSchema.end = { ...edit.form.uiSchema.end, 'ui:widget': 'hidden' };
      const contacts = screen.cards.find((card) => card.title === 'Family & Contacts');
      if (contacts) contacts.title = 'Contacts';
    });
    expect(describeScreenChanges(patientsShow, changed)).toEqual([
      'card Care Programs › row action Edit: field End Date hidden',
      'title of card Family & Contacts changed to Contacts',
    ]);
  });

  test('reordered cards: only those out of order move, none in place', () => {
    const changed = edited(patientsShow as Json & { cards: unknown[] }, (screen) => screen.cards.reverse());
    const changes = describeScreenChanges(patientsShow, changed);
    const count = (patientsShow as { cards: unknown[] }).cards.length;
    expect(changes).toHaveLength(count - 2);
    expect(changes[0]).toBe(`card Patient Notes moved from position 1 to ${count}`);
    expect(changes.every((line) => !/position (\d+) to \1$/.test(line))).toBe(true);
  });
});

describe('describeScreenChanges: what no rule explains, equality and the cap', () => {
  test('a difference no rule explains reads as its pointer in words', () => {
    const changes = listChange((screen) => {
      screen.sort = { field: 'user.full_name', order: 'desc' };
      delete (screen as { tabParam?: string }).tabParam;
      (screen as { perPage?: number }).perPage = 25;
    });
    expect(changes).toEqual(['sort › field changed', 'tabParam removed', 'perPage added']);
  });

  test('equal definitions, or only another version, have no changes', () => {
    expect(describeScreenChanges(patientsList, structuredClone(patientsList))).toEqual([]);
    expect(describeScreenChanges(patientsList, { ...patientsList, version: 99 })).toEqual([]);
    expect(describeScreenChanges(clinical, structuredClone(clinical))).toEqual([]);
  });

  test('at most 50 lines, the last counting the rest', () => {
    const changes = formChange((screen) => {
      for (const [field, ui] of Object.entries(screen.form.uiSchema)) screen.form.uiSchema[field] = { ...ui, 'ui:help': 'new help' };
    });
    const total = Object.keys(patientsCreate.form.uiSchema).length;
    expect(total).toBeGreaterThan(50);
    expect(changes).toHaveLength(50);
    expect(changes[0]).toBe('help of field First Name changed');
    expect(changes[49]).toBe(`and ${total - 49} more changes`);
  });
});

describe('describePointer', () => {
  test.each([
    ['/columns/3/cell', 'column Primary Condition › cell'],
    ['/columns/6', 'column Registered On'],
    ['/filters/0', 'filter Provider'],
    ['/actions/0/label', 'action Add Patient › label'],
    ['/bulkActions/1/form/uiSchema/practitioner_id/ui:widget', 'bulk action Add to care team › form › field Clinician › widget'],
    ['/search/fields/1', 'search field Phone'],
    ['/tabs/6', 'tab Unenrolled'],
    ['/sort/field', 'sort › field'],
    ['/columns/12', 'column 13'],
    ['/', 'the screen'],
    ['', 'the screen'],
  ])('%s on All Patients is "%s"', (pointer, words) => {
    expect(describePointer(patientsList, pointer)).toBe(words);
  });

  test('forms name their fields by their labels', () => {
    expect(describePointer(patientsCreate, '/form')).toBe('form');
    expect(describePointer(patientsCreate, '/form/uiSchema/user.first_name/ui:widget')).toBe('form › field First Name › widget');
    expect(describePointer(patientsCreate, '/form/sections/1/groups/1/fields/0')).toBe(
      'form › section Monitoring configuration › group COPD › field Exacerbations in the Last Year',
    );
  });

  test('nested lists are named by their tabs and cards', () => {
    expect(describePointer(clinical, '/tabs/3/tabs/1/show/cards/0/list/actions/0')).toBe(
      'tab Medical History › tab Medications › card Medications › action Add Medication',
    );
    expect(describePointer(clinical, '/tabs/3/tabs/1/show/cards/0/list')).toBe('tab Medical History › tab Medications › card Medications › list');
  });
});
