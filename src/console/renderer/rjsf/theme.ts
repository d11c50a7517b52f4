import { getDefaultRegistry, withTheme } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { BaseInputTemplate } from './BaseInputTemplate';
import { CheckboxesWidget } from './CheckboxesWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { FieldHelpTemplate } from './FieldHelpTemplate';
import { FieldTemplate } from './FieldTemplate';
import { GridTemplate } from './GridTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { RadioWidget } from './RadioWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { SelectWidget } from './SelectWidget';
import { SwitchWidget } from './SwitchWidget';
import { TextareaWidget } from './TextareaWidget';

/**
 * Our widgets beside RJSF's own; a definition names them in its uiSchema (`"ui:widget": "reference"`).
 * A feature's widgets and fields (a height in feet and inches) come with the screen registries.
 */
const themeWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  reference: ReferenceWidget,
  switch: SwitchWidget,
};

const themeTemplates: Partial<TemplatesType> = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  GridTemplate,
  BaseInputTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};

/** RJSF's Form in the console's Tailwind + Headless UI theme; SchemaForm adds the features' widgets and fields. */
export const ThemedForm = withTheme({ widgets: themeWidgets, templates: themeTemplates });

/** Every field name a uiSchema may give with `ui:field`: RJSF's fields and the features'. */
export function rjsfFieldNames(fields: RegistryFieldsType): Readonly<Record<string, true>> {
  return Object.fromEntries([...Object.keys(getDefaultRegistry().fields), ...Object.keys(fields)].map((name) => [name, true]));
}

/** The short names RJSF's getWidget maps to its widgets by schema type ("select", "textarea", "hidden" ...). */
const RJSF_ALIASES = [
  'checkbox',
  'checkboxes',
  'radio',
  'select',
  'hidden',
  'text',
  'password',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'data-url',
  'textarea',
  'date',
  'datetime',
  'date-time',
  'alt-date',
  'alt-datetime',
  'time',
  'color',
  'file',
  'files',
  'updown',
  'range',
];

/** Every widget name a uiSchema may give: RJSF's widgets and short names, ours and the features'. */
export function rjsfWidgetNames(widgets: RegistryWidgetsType): Readonly<Record<string, true>> {
  return Object.fromEntries(
    [...Object.keys(getDefaultRegistry().widgets), ...Object.keys(themeWidgets), ...RJSF_ALIASES, ...Object.keys(widgets)].map((name) => [name, true]),
  );
}
