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
import { HeightField } from './HeightField';
import { ImeiListWidget } from './ImeiListWidget';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { ReferenceWidget } from './ReferenceWidget';
import { SelectWidget } from './SelectWidget';
import { SwitchWidget } from './SwitchWidget';
import { TextareaWidget } from './TextareaWidget';
import { WeightField } from './WeightField';

/** Our widgets beside RJSF's own; a definition names them in its uiSchema (`"ui:widget": "reference"`). */
export const themeWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
  SelectWidget,
  TextareaWidget,
  imei_list: ImeiListWidget,
  reference: ReferenceWidget,
  switch: SwitchWidget,
};

/** Our fields for values that are more than one input (a height in feet and inches); uiSchemas name them with `ui:field`. */
export const themeFields: RegistryFieldsType = { height: HeightField, weight: WeightField };

const themeTemplates: Partial<TemplatesType> = { ArrayFieldItemTemplate, ArrayFieldTemplate, GridTemplate, BaseInputTemplate, FieldErrorTemplate, FieldHelpTemplate, FieldTemplate, ObjectFieldTemplate };

/** RJSF's Form in the console's Tailwind + Headless UI theme. */
export const ThemedForm = withTheme({ fields: themeFields, widgets: themeWidgets, templates: themeTemplates });

/** Every field name a uiSchema may give with `ui:field`: RJSF's fields and ours. */
export const rjsfFieldRegistry: Readonly<Record<string, true>> = Object.fromEntries(
  [...Object.keys(getDefaultRegistry().fields), ...Object.keys(themeFields)].map((name) => [name, true]),
);

/** The short names RJSF's getWidget maps to its widgets by schema type ("select", "textarea", "hidden" ...). */
const RJSF_ALIASES = ['checkbox', 'checkboxes', 'radio', 'select', 'hidden', 'text', 'password', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'data-url', 'textarea', 'date', 'datetime', 'date-time', 'alt-date', 'alt-datetime', 'time', 'color', 'file', 'files', 'updown', 'range'];

/** Every widget name a uiSchema may give: RJSF's widgets and short names, and ours. */
export const rjsfWidgetRegistry: Readonly<Record<string, true>> = Object.fromEntries(
  [...Object.keys(getDefaultRegistry().widgets), ...Object.keys(themeWidgets), ...RJSF_ALIASES].map((name) => [name, true]),
);
