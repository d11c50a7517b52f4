import type { FromSchema } from 'json-schema-to-ts';
import { SCREEN_SCHEMA_FILE, SCREEN_SCHEMA_ID } from './screenFormat';

/**
 * The meta-schema of a screen definition (docs/DESIGN.md section 4): what a file in `screens/` may say.
 * The console validates bundled and published definitions with it, the server validates what is
 * published, and the renderer's types derive from it. Names of cells, filters, actions, widgets
 * and RJSF widgets are plain strings here: the renderer's registries decide which exist, so a
 * definition naming an unknown one fails in the screens test, not in a user's browser.
 *
 * Templates: strings such as "/devices/{id}/show" or "{device_type|humanize} {id}". A path starts
 * at the record unless its first segment is record, params, identity, permissions, featureFlags,
 * environment, form or response. A value that is one whole template ("{params.id}") keeps its type.
 */
const text = { type: 'string', minLength: 1 } as const;
const fieldPath = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$' } as const;
const ref = <const N extends string>(name: N) => ({ $ref: `#/$defs/${name}` }) as const;
/** Free options of a registry entry; the entry's own options schema checks them. */
const options = { type: 'object' } as const;

const pair = <const V>(value: V) => ({ type: 'array', items: [fieldPath, value], minItems: 2, additionalItems: false }) as const;

/** The operators of a condition that read the context; each is an entry of the renderer's condition registry. */
const conditionAtomProperties = {
  /** The identity holds the permission key, in any scope. */
  permission: text,
  /** The identity holds the key in one of these scopes: ["tenants.list", "all"]. */
  scope: pair({ enum: ['all', 'tenant', 'own'] }),
  role: { type: 'array', items: text, minItems: 1 },
  internal: { type: 'boolean' },
  flag: text,
  eq: pair({}),
  ne: pair({}),
  in: pair({ type: 'array' }),
  /** The path holds something other than null, undefined or ''. */
  set: fieldPath,
  unset: fieldPath,
  /** The list at the path holds the value: {"has": ["form.profile.comorbidities", "COPD"]}. */
  has: pair({}),
  /**
   * The object at the first path holds a key given by the value at the second path (a note type's
   * entry in the facts: {"hasKey": ["record.monitoring_facts.incompatible", "form.type"]}).
   */
  hasKey: pair(fieldPath),
  /** A named domain rule (the renderer's rule registry) refuses the record: {"refused": "device.assign_to_patient"}. */
  refused: { type: 'string', pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$' },
} as const;
const oneOperator = { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: false } as const;
const combinators = <const C>(inner: C) =>
  ({ all: { type: 'array', items: inner, minItems: 1 }, any: { type: 'array', items: inner, minItems: 1 }, not: inner }) as const;

/**
 * A condition is an object with exactly one operator, JSON Logic style: {"permission": "devices.create"},
 * {"all": [...]}, {"not": {"set": "patient_id"}}. Conditions nest two levels of all/any/not deep, and
 * each level is one object of optional operators rather than a union of shapes: json-schema-to-ts
 * can type neither a recursive schema nor a union that large repeated over a whole screen.
 */
const conditionDefs = {
  conditionAtom: { ...oneOperator, properties: conditionAtomProperties },
  innerCondition: { ...oneOperator, properties: { ...conditionAtomProperties, ...combinators(ref('conditionAtom')) } },
  condition: { ...oneOperator, properties: { ...conditionAtomProperties, ...combinators(ref('innerCondition')) } },
} as const;

/** How one field is shown: a list column, a summary item or a card item. */
const fieldView = {
  type: 'object',
  properties: {
    field: fieldPath,
    label: { type: 'string' },
    cell: text,
    options,
    sortable: { type: 'boolean' },
    visibleWhen: ref('condition'),
    /** The value is shown blurred, unreadable to eye and screen reader, while this holds (a date of birth the caller must ask for). */
    maskedWhen: ref('condition'),
  },
  required: ['field'],
  additionalProperties: false,
} as const;

const fieldRules = {
  type: 'array',
  items: {
    type: 'object',
    properties: { field: fieldPath, when: ref('condition') },
    required: ['field', 'when'],
    additionalProperties: false,
  },
} as const;

/** An RJSF form over an entity: entity fields by name, extra properties for what is not stored as such. */
const form = {
  type: 'object',
  properties: {
    /** A form fragment of screens/fragments/ this form starts from; the form's own keys replace the fragment's. */
    fragment: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)*$' },
    fields: { type: 'array', items: fieldPath, uniqueItems: true },
    properties: { type: 'object', additionalProperties: { type: 'object' } },
    required: { type: 'array', items: text, uniqueItems: true },
    /** Extra JSON Schema keywords for the whole form (if/then for conditional requirements). */
    schema: { type: 'object' },
    uiSchema: { type: 'object' },
    /** Texts of failed checks by field path and keyword: {"confirm": {"const": "Please confirm ..."}}. */
    messages: { type: 'object', additionalProperties: { type: 'object', additionalProperties: { type: 'string' } } },
    /** Fields left out of the form while their condition holds (form values are under `form.`). */
    hidden: fieldRules,
    /**
     * Notices shown above the fields while their condition holds, over the record and the form's
     * current values (`form.type`): a warning of the monitoring note form ('No Device Assigned').
     */
    notices: {
      type: 'array',
      items: {
        type: 'object',
        properties: { when: ref('condition'), text, tone: { enum: ['info', 'warning', 'danger'] } },
        required: ['when', 'text'],
        additionalProperties: false,
      },
    },
    /**
     * Values given to fields before sending, in order, each while its condition holds (always without one):
     * a device's status from what the form says, an invoice id cleared when unpaid (value defaults to null).
     */
    assign: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: fieldPath, value: {}, when: ref('condition') },
        required: ['field'],
        additionalProperties: false,
      },
    },
    /** Form fields that are not sent (confirmation boxes, helper switches). */
    omit: { type: 'array', items: text, uniqueItems: true },
    /** On an edit, fields not sent while they hold what the record had (spec 002 section 5: a user's unchanged role). */
    omitUnchanged: { type: 'array', items: text, uniqueItems: true },
    /**
     * Field -> a named choice source of the renderer, whose choices (from a domain function, for the
     * user and the record) become the field's one-of values: {"patient_status": "patient_status"}.
     */
    choices: { type: 'object', additionalProperties: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } },
    /**
     * Field path -> a named field rule of the renderer (its check with the domain's text, and how the
     * value is sent): {"external_ids": "imei_list", "gateway_id": "gateway_id"}.
     */
    validate: { type: 'object', additionalProperties: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } },
    /**
     * The form laid out in titled sections (rows of fields), each with optional groups of fields
     * shown only while `showWhen` holds (a condition-specific block). Their fields are form fields
     * besides `fields`; a hidden group's fields are neither checked nor sent.
     */
    sections: { type: 'array', minItems: 1, items: ref('formSection') },
    /**
     * Empty values ('', null, [], {}) are not sent; on an edit form, a field the record had and the
     * user emptied is sent as null, so that the server clears it (spec 001 section 5).
     */
    stripEmpty: { type: 'boolean' },
    /** What an emptied field is sent as instead of null: {"profile.risk_factors": []}. */
    clearAs: { type: 'object' },
    /** Buttons above the form that fill it from a named generator of the renderer (Generate Mock Patient). */
    generators: {
      type: 'array',
      items: {
        type: 'object',
        properties: { label: text, generator: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, visibleWhen: ref('condition') },
        required: ['label', 'generator'],
        additionalProperties: false,
      },
    },
    /** Save stays enabled on an unchanged form. */
    alwaysEnabled: { type: 'boolean' },
    submitLabel: text,
  },
  additionalProperties: false,
} as const;

/**
 * A toast after a request: one text, or texts tried in order, the first whose condition holds.
 * Templates read the answer under `response`: "{response.created_devices|count} devices created".
 */
const resultText = {
  anyOf: [
    text,
    {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          when: ref('condition'),
          text,
          /**
           * The toast's tone, success unless given: a warning (amber) where the request went through
           * but did not do all it was asked (a bulk creation with IMEIs already in use).
           */
          tone: { enum: ['success', 'warning'] },
        },
        required: ['text'],
        additionalProperties: false,
      },
    },
  ],
} as const;

/** A group of a form section: its fields show only while the condition over the form holds. */
const formGroup = {
  type: 'object',
  properties: { title: text, showWhen: ref('condition'), fields: { type: 'array', minItems: 1, items: fieldPath } },
  required: ['title', 'fields'],
  additionalProperties: false,
} as const;

/** A titled section of a form: fields laid out in `columns` (2 by default), then its groups. */
const formSection = {
  type: 'object',
  properties: {
    title: text,
    description: text,
    columns: { type: 'integer', minimum: 1, maximum: 3 },
    fields: { type: 'array', items: fieldPath },
    groups: { type: 'array', items: formGroup },
  },
  required: ['title'],
  additionalProperties: false,
} as const;

const actionBase = {
  name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  label: text,
  visibleWhen: ref('condition'),
  disabledWhen: ref('condition'),
} as const;
/** What a dialog_form, confirm or bulk action sends. Without `method`, `update_action` goes by PUT. */
const actionRequest = {
  updateAction: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  method: { enum: ['create', 'update', 'patch', 'delete'] },
  resource: text,
  payload: { type: 'object' },
  /**
   * The API path the request goes to instead of the resource's own, a template over the record:
   * "/locations/{id}/set-owner". The method follows `method` (create POST, update PUT, patch PATCH).
   */
  path: text,
  /** The entity schema of the action's form when it is not the resource's (a request payload in schemas/payloads). */
  entity: text,
  success: resultText,
  /** The toast of a failure, a template that may quote the failure: "Unable to save changes: {error.message}". */
  error: text,
  /** On failure, the server's own message as it is, or this text when the server gave none (spec 002 section 8, setting a provider). */
  errorFallback: text,
  /** The tone of the failure's toast, an error unless given: a warning where the spec shows the failure as one (closing a support ticket). */
  errorTone: { enum: ['error', 'warning'] },
  /**
   * A GET the action needs first (a template path), its answer put in the record under `as` for the
   * action's conditions and form: {"path": "/patients/{id}/can-be-consented", "as": "consent"}. It is
   * fetched when the dialog opens; with `enabledWhen`, as soon as the button shows, and the button is
   * enabled only while that holds ("the button is enabled only if the server says ...").
   */
  load: {
    type: 'object',
    properties: { path: text, as: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }, enabledWhen: ref('condition') },
    required: ['path', 'as'],
    additionalProperties: false,
  },
} as const;

const action = {
  anyOf: [
    {
      type: 'object',
      properties: {
        type: { const: 'dialog_form' },
        ...actionBase,
        ...actionRequest,
        title: text,
        form: ref('form'),
        /**
         * A create that starts from the row's values (copy and re-add, spec 001 section 4), without the
         * fields `omit` names ("dates cleared"). An edit always starts from the record.
         */
        prefill: {
          type: 'object',
          properties: { omit: { type: 'array', items: { type: 'string', minLength: 1 } } },
          additionalProperties: false,
        },
      },
      required: ['type', 'name', 'label', 'form'],
      additionalProperties: false,
    },
    {
      type: 'object',
      /** `submitLabel`: the confirming button's words (Delete); Confirm without one. */
      properties: { type: { const: 'confirm' }, ...actionBase, ...actionRequest, title: text, message: text, submitLabel: text },
      required: ['type', 'name', 'label', 'message'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { type: { const: 'navigate' }, ...actionBase, to: text },
      required: ['type', 'name', 'label', 'to'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: { const: 'download' },
        ...actionBase,
        path: text,
        query: { type: 'object' },
        filename: text,
        /**
         * With `parameters`, the button opens a dialog (`title`) where each is chosen; their values
         * join the query. The dialog's button stays disabled, saying why, while a `requires` fails.
         */
        title: text,
        parameters: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
              label: text,
              choices: {
                type: 'array',
                minItems: 1,
                items: { type: 'object', properties: { value: text, label: text }, required: ['value', 'label'], additionalProperties: false },
              },
              default: text,
              required: { type: 'boolean' },
            },
            required: ['name', 'label', 'choices'],
            additionalProperties: false,
          },
        },
        requires: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              when: ref('condition'),
              message: text,
              /**
               * What to do about it, in the page's words, shown under the message: the spec's message
               * may name a thing otherwise than the page does ('tenant' for the Provider filter).
               */
              hint: text,
            },
            required: ['when', 'message'],
            additionalProperties: false,
          },
        },
        /**
         * Instead of `parameters`, a form in the dialog (RJSF, like a dialog_form's: choices, hidden
         * fields, reference pickers, required checks); its values, as the form sends them, join the
         * query: the claims export's type, month, year and provider. `entity` names the schema of its
         * fields (a query in schemas/payloads).
         */
        form: ref('form'),
        entity: text,
        /** A sentence above the dialog's choices (the claims export's disclaimer). */
        message: text,
        submitLabel: text,
        success: text,
        /** The toast of a failed download (default 'Error: ' and the message). */
        error: text,
        /** How long the dialog stays open after a download, showing it succeeded. */
        closeDelayMs: { type: 'integer', minimum: 0, maximum: 10000 },
      },
      required: ['type', 'name', 'label', 'path'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        type: { const: 'bulk' },
        ...actionBase,
        ...actionRequest,
        title: text,
        message: text,
        form: ref('form'),
        /**
         * One request per selected row instead of one for all: the row is the record of the
         * request's templates ({id}), as for a row's own action: POST /patients/{id}/care-teams each.
         */
        perRow: { type: 'boolean' },
        /** With `path` (and no perRow): the body field that carries the selected ids: {"patient_ids": [...]}; `ids` by default. */
        idsField: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
        /**
         * The field of each selected row sent as its id instead of `id`: a patient's account, `user.id`, for
         * Assign to Provider (PUT /users {"ids": [...], "data": {...}}).
         */
        idPath: fieldPath,
      },
      required: ['type', 'name', 'label'],
      additionalProperties: false,
    },
  ],
} as const;

const filter = {
  type: 'object',
  properties: {
    type: text,
    field: fieldPath,
    label: { type: 'string' },
    options,
    visibleWhen: ref('condition'),
  },
  required: ['type', 'field'],
  additionalProperties: false,
} as const;

const search = {
  type: 'object',
  properties: {
    fields: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          field: fieldPath,
          label: text,
          /** text: the minimum length applies; phone: normalised to US format; id: exempt, digits only; date: a whole date (mm/dd/yyyy or yyyy-mm-dd) sent as yyyy-mm-dd. */
          format: { enum: ['text', 'phone', 'id', 'date'] },
          /** How the value is sent: the q object (default), field[like] or field[eq]. */
          operator: { enum: ['q', 'like', 'eq'] },
          /** Search another resource and filter by the ids found: Patient Name on devices. */
          lookup: {
            type: 'object',
            properties: { resource: text, field: fieldPath },
            required: ['resource', 'field'],
            additionalProperties: false,
          },
        },
        required: ['field', 'label'],
        additionalProperties: false,
      },
    },
    minLength: { type: 'integer', minimum: 1 },
    /** How long a pause in typing the search waits for, in ms (300 unless given; spec 001 section 5: contacts 500). */
    debounceMs: { type: 'integer', minimum: 0, maximum: 5000 },
  },
  required: ['fields'],
  additionalProperties: false,
} as const;

/** A list's body: what a list screen, a card, a tab or a dashboard section shows. */
const widgetRef = {
  type: 'object',
  properties: { name: text, options },
  required: ['name'],
  additionalProperties: false,
} as const;

const listBodyProperties = {
  resource: text,
  /** The entity schema (schemas/entities) when it is not the resource's own. */
  entity: text,
  /** Filters always sent, never shown: {"location_id[eq]": "{params.id}"}. */
  filter: { type: 'object' },
  /** The list's `meta`, always sent (templates resolved): {"patient_group_id": "{params.id}"}. */
  meta: { type: 'object' },
  sort: {
    type: 'object',
    properties: { field: fieldPath, order: { enum: ['asc', 'desc'] } },
    required: ['field', 'order'],
    additionalProperties: false,
  },
  perPage: { type: 'integer', minimum: 1, maximum: 500 },
  search,
  filters: { type: 'array', items: filter },
  /** Filter presets shown as tabs (Active, Inactive, All); the first is the default. */
  tabs: {
    type: 'array',
    minItems: 2,
    items: {
      type: 'object',
      properties: { key: text, label: text, filter: { type: 'object' } },
      required: ['key', 'label'],
      additionalProperties: false,
    },
  },
  /**
   * The query parameter that keeps the chosen tab's key in the address, so that a reload, Back and
   * a link restore it: "status" gives /patients?status=consented. Required with `tabs`.
   */
  tabParam: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
  columns: { type: 'array', items: fieldView, minItems: 1 },
  rowClick: text,
  /** Rows lead to `rowClick` only while this holds, over each row: an edit page for those who may edit. */
  rowClickWhen: ref('condition'),
  /** Where a row leads while `rowClickWhen` refuses it (a record's profile for a user who may not see its clinical route). */
  rowClickElse: text,
  /** Present only where rows may be selected; the condition is over each row. */
  selection: {
    type: 'object',
    properties: { selectableWhen: ref('condition') },
    additionalProperties: false,
  },
  bulkActions: { type: 'array', items: ref('action') },
  /** Buttons in each row, acting on that row (its record): edit and delete dialogs, remove from a group. */
  rowActions: { type: 'array', items: ref('action') },
  actions: { type: 'array', items: ref('action') },
  /** A widget beside the list's actions, for what no action does (My voice calls' Test Call, which opens the call dialog). */
  widget: widgetRef,
  empty: {
    type: 'object',
    properties: {
      list: text,
      filtered: text,
      /** A button under the empty text that clears the filters and sets these values: {"label": "Reset Filters", "filters": {...}}. */
      reset: {
        type: 'object',
        properties: { label: text, filters: { type: 'object' } },
        required: ['label'],
        additionalProperties: false,
      },
      /**
       * A sentence under the empty text while the list's `toggle` is on, naming what it narrows
       * ('Showing Patients in my Care' is on ...), so that an empty list does not read as no data at all.
       */
      toggled: text,
    },
    additionalProperties: false,
  },
  /** Values the filters start with, by field; a date range may name a preset, resolved on the day: {"added_on": {"preset": "today"}}. */
  initialFilters: { type: 'object' },
  /** No request is sent while any of these filters is unset; the list shows the title and the text instead. */
  requiresFilter: {
    type: 'object',
    properties: { fields: { type: 'array', items: fieldPath, minItems: 1 }, title: text, text },
    required: ['fields', 'title', 'text'],
    additionalProperties: false,
  },
  /** The tabs as tabs (default) or as one select labelled `tabLabel`: the patient queue's view selector. */
  tabStyle: { enum: ['tabs', 'select'] },
  tabLabel: text,
  /**
   * A switch kept as the user's preference (PUT users/settings {preference: on}), `default` until the
   * user sets it; while on, its `meta` and `filter` join the request. Its label says what is shown.
   */
  toggle: {
    type: 'object',
    properties: {
      preference: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
      default: { type: 'boolean' },
      labels: { type: 'object', properties: { on: text, off: text }, required: ['on', 'off'], additionalProperties: false },
      meta: { type: 'object' },
      filter: { type: 'object' },
    },
    required: ['preference', 'labels'],
    additionalProperties: false,
  },
} as const;
/** A list with tabs names the query parameter that keeps the chosen one. */
const listDependencies = { tabs: ['tabParam'] } as const;
const listBody = {
  type: 'object',
  properties: listBodyProperties,
  required: ['resource', 'columns'],
  dependencies: listDependencies,
  additionalProperties: false,
} as const;

/** A card of a show screen or a dashboard: fields of the record, a related list or a widget. */
const card = {
  type: 'object',
  properties: {
    title: text,
    visibleWhen: ref('condition'),
    /** Always above the other cards, in definition order (a record's notes box). */
    pinned: { type: 'boolean' },
    /** The card moves up, right after the pinned cards, while this holds (Enrollment Information of a patient not yet enrolled). */
    topWhen: ref('condition'),
    height: text,
    fields: { type: 'array', items: fieldView, minItems: 1 },
    list: ref('listBody'),
    widget: widgetRef,
    /** A table of the rows an array field of the record holds: a location's device counts. */
    table: {
      type: 'object',
      properties: {
        field: fieldPath,
        columns: { type: 'array', items: fieldView, minItems: 1 },
        /** When the array is empty or missing. */
        empty: text,
      },
      required: ['field', 'columns'],
      additionalProperties: false,
    },
    /** Buttons of the card (a dashboard's dialog forms); a card may hold only these. */
    actions: { type: 'array', items: ref('action') },
    link: {
      type: 'object',
      properties: { label: text, to: text },
      required: ['label', 'to'],
      additionalProperties: false,
    },
  },
  required: ['title'],
  additionalProperties: false,
} as const;

/** A tab of a record's side panel: a related list, a widget, or both (the widget above the list), shown where its condition holds. */
const panelTab = {
  type: 'object',
  properties: {
    key: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    label: text,
    visibleWhen: ref('condition'),
    list: ref('listBody'),
    widget: widgetRef,
  },
  required: ['key', 'label'],
  additionalProperties: false,
} as const;

/**
 * A collapsible, resizable panel beside a record (spec 001, patient record): tabs, the first
 * visible tab of `defaultTab` whose condition holds opens first, and a count badge that stays in
 * view when the panel is collapsed.
 */
const panel = {
  type: 'object',
  properties: {
    label: text,
    /** Width in percent of the record area: default and minimum (the maximum is 50). */
    defaultSize: { type: 'number', minimum: 10, maximum: 50 },
    minSize: { type: 'number', minimum: 10, maximum: 50 },
    tabs: { type: 'array', items: panelTab, minItems: 1 },
    defaultTab: {
      type: 'array',
      items: {
        type: 'object',
        properties: { tab: { type: 'string' }, when: ref('condition') },
        required: ['tab'],
        additionalProperties: false,
      },
    },
    /** How many records of a resource match a filter (open tasks assigned to me), shown as a badge; above `max` as "{max}+". */
    badge: {
      type: 'object',
      properties: {
        label: text,
        resource: text,
        filter: { type: 'object' },
        max: { type: 'integer', minimum: 1 },
        visibleWhen: ref('condition'),
      },
      required: ['label', 'resource'],
      additionalProperties: false,
    },
  },
  required: ['label', 'tabs'],
  additionalProperties: false,
} as const;

const showBodyProperties = {
  resource: text,
  entity: text,
  /** Where the record is read instead of GET /{resource}/{id}, a template: "/locations/{params.id}/details". */
  path: text,
  /**
   * What the read adds to the record, sent as `meta={"expand": [...]}`: names of the resource's
   * expansions (a patient's `devices`, `open_tasks`, `observations`), each a field of the entity.
   */
  expand: { type: 'array', items: text, uniqueItems: true, minItems: 1 },
  /**
   * The chart banner at the top of the record (Epic- or Medplum-style): the values a reader needs
   * first, as labelled terms in a region named `label`. Not `banners`, which are notices.
   */
  banner: {
    type: 'object',
    properties: {
      label: text,
      items: {
        type: 'array',
        minItems: 1,
        items: {
          ...fieldView,
          properties: {
            ...fieldView.properties,
            /** What the item says when the value is empty (null, '' or an empty list): 'No devices assigned'. */
            empty: text,
          },
        },
      },
    },
    required: ['label', 'items'],
    additionalProperties: false,
  },
  summary: {
    type: 'object',
    properties: { title: text, fields: { type: 'array', items: fieldView, minItems: 1 }, columns: { type: 'integer', minimum: 1, maximum: 4 } },
    required: ['fields'],
    additionalProperties: false,
  },
  cards: { type: 'array', items: ref('card') },
  /** Values shown as badges in the record's header row, before its actions (a patient's status). */
  badges: { type: 'array', items: fieldView },
  panel,
  actions: { type: 'array', items: ref('action') },
  /** Actions gathered under one button after the others (a record header's menu: Set Patient Status, Unenroll Patient). */
  menu: {
    type: 'object',
    properties: { label: text, actions: { type: 'array', items: ref('action'), minItems: 1 } },
    required: ['label', 'actions'],
    additionalProperties: false,
  },
  /** No action is offered while this holds (a decommissioned device). */
  actionsHiddenWhen: ref('condition'),
  banners: {
    type: 'array',
    items: {
      type: 'object',
      properties: { when: ref('condition'), text, tone: { enum: ['info', 'warning', 'danger'] } },
      required: ['when', 'text'],
      additionalProperties: false,
    },
  },
} as const;

/** A tab of a tabs screen: its path segment, label and condition, and what it shows (a list or a show body). */
const tabProperties = {
  key: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
  label: text,
  visibleWhen: ref('condition'),
  list: ref('listBody'),
  show: { type: 'object', properties: showBodyProperties, required: ['resource'], additionalProperties: false },
} as const;

const header = {
  $schema: { const: SCREEN_SCHEMA_FILE },
  id: { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$' },
  version: { type: 'integer', minimum: 1 },
  formatVersion: { type: 'integer', minimum: 1 },
  /** A wouter pattern: "/devices/:id/show". */
  route: { type: 'string', pattern: '^/' },
  title: text,
  breadcrumbs: {
    type: 'array',
    items: {
      type: 'object',
      properties: { label: text, to: text },
      required: ['label'],
      additionalProperties: false,
    },
  },
  /** Who may see the screen; others get the forbidden text. */
  access: ref('condition'),
  /** Where those refused by `access` are sent instead of the forbidden text (spec 002: /account/enrolled-patients goes to / without patients.list). */
  refusedRedirect: { type: 'string', pattern: '^/' },
  texts: {
    type: 'object',
    properties: { forbidden: text },
    additionalProperties: false,
  },
} as const;
const headerRequired = ['$schema', 'id', 'version', 'formatVersion', 'kind', 'route', 'title'] as const;

export const screenSchema = {
  $id: SCREEN_SCHEMA_ID,
  type: 'object',
  discriminator: { propertyName: 'kind' },
  required: ['kind'],
  oneOf: [
    {
      type: 'object',
      properties: { ...header, kind: { const: 'list' }, ...listBodyProperties },
      required: [...headerRequired, 'resource', 'columns'],
      dependencies: listDependencies,
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { ...header, kind: { const: 'show' }, ...showBodyProperties },
      required: [...headerRequired, 'resource'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        ...header,
        kind: { const: 'form' },
        resource: text,
        entity: text,
        mode: { enum: ['create', 'edit'] },
        form: ref('form'),
        success: resultText,
        error: text,
        /** Where to go after saving; `{id}` is the saved record's. */
        redirect: text,
        /** A Back button: where it goes (the draft is dropped), a template over the route: "/patients/{params.id}/show". */
        back: text,
        /** On a failed save, the server's own message as it is, or this text when it gave none (spec 001 section 8, edit patient). */
        errorFallback: text,
        /** Fixed values sent with the form. */
        payload: { type: 'object' },
        /** Actions on the record being edited, above the form (Disable User); an edit form's only. */
        actions: { type: 'array', items: ref('action') },
      },
      required: [...headerRequired, 'resource', 'mode', 'form'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        ...header,
        kind: { const: 'tabs' },
        /** The record of the route's :id, loaded for the title and the tabs' templates. */
        resource: text,
        entity: text,
        /** Where the selected tab lives: the last path segment (default) or the `tab` query parameter. */
        tabIn: { enum: ['path', 'query'] },
        tabs: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              ...tabProperties,
              /**
               * Sub-tabs, each at its own path under the tab's (`medical-history/medications`, spec 001
               * section 2); the first visible one is the default. A tab has a list, a show body or sub-tabs.
               */
              tabs: {
                type: 'array',
                minItems: 1,
                items: { type: 'object', properties: tabProperties, required: ['key', 'label'], additionalProperties: false },
              },
              /**
               * An edit form of the screen's record (its `resource` and the route's :id), saved with PUT; a
               * `show` body may follow it under the form (cards of widgets, related lists).
               */
              form: ref('form'),
              /** Who may see the tab's body; the others see `forbidden` in its place (the tab itself stays). */
              access: ref('condition'),
              forbidden: text,
            },
            required: ['key', 'label'],
            dependencies: { access: ['forbidden'] },
            additionalProperties: false,
          },
        },
        /** The tab list above the tabs (default) or beside them, as side tabs (a record's settings pages); stacked above on a narrow screen. */
        tabStyle: { enum: ['tabs', 'side'] },
      },
      required: [...headerRequired, 'tabs'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: {
        ...header,
        kind: { const: 'dashboard' },
        sections: { type: 'array', items: ref('card'), minItems: 1 },
        /** Sections side by side on a wide screen (2, the default) or one under the other, each the whole width (1: wide lists). */
        columns: { enum: [1, 2] },
      },
      required: [...headerRequired, 'sections'],
      additionalProperties: false,
    },
  ],
  $defs: { ...conditionDefs, form, formSection, action, listBody, card },
} as const;

export type ScreenDefinition = FromSchema<typeof screenSchema>;
export type ScreenKind = ScreenDefinition['kind'];
export type ScreenOf<K extends ScreenKind> = Extract<ScreenDefinition, { kind: K }>;
type Body<K extends ScreenKind> = Omit<ScreenOf<K>, keyof typeof header | 'kind'>;
/** What a list shows, wherever it is: a list screen, a card, a tab or a dashboard section. */
export type ListBody = Body<'list'>;
export type ShowBody = Body<'show'>;
export type Card = NonNullable<ShowBody['cards']>[number];
export type FieldView = ListBody['columns'][number];
export type FilterDefinition = NonNullable<ListBody['filters']>[number];
export type ActionDefinition = NonNullable<ListBody['actions']>[number];
export type ActionType = ActionDefinition['type'];
export type FormDefinition = ScreenOf<'form'>['form'];
export type ResultText = NonNullable<ScreenOf<'form'>['success']>;
export type Condition = NonNullable<FieldView['visibleWhen']>;
export type PanelDefinition = NonNullable<ShowBody['panel']>;
