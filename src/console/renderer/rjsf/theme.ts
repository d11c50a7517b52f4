import { getDefaultRegistry, withTheme } from '@rjsf/core';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate';
import { CheckboxWidget } from './CheckboxWidget';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { ReferenceWidget } from './ReferenceWidget';
import { SelectWidget } from './SelectWidget';
import { SwitchWidget } from './SwitchWidget';
import { TextareaWidget } from './TextareaWidget';

/** Our widgets beside RJSF's own; a definition names them in its uiSchema (`"ui:widget": "reference"`). */
export const themeWidgets: RegistryWidgetsType = {
  CheckboxWidget,
  SelectWidget,
  TextareaWidget,
  reference: ReferenceWidget,
  switch: SwitchWidget,
};

const themeTemplates: Partial<TemplatesType> = { BaseInputTemplate, FieldErrorTemplate, FieldTemplate, ObjectFieldTemplate };

/** RJSF's Form in the console's Tailwind + Headless UI theme. */
export const ThemedForm = withTheme({ widgets: themeWidgets, templates: themeTemplates });

/** The short names RJSF's getWidget maps to its widgets by schema type ("select", "textarea", "hidden" ...). */
const RJSF_ALIASES = ['checkbox', 'checkboxes', 'radio', 'select', 'hidden', 'text', 'password', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'data-url', 'textarea', 'date', 'datetime', 'date-time', 'alt-date', 'alt-datetime', 'time', 'color', 'file', 'files', 'updown', 'range'];

/** Every widget name a uiSchema may give: RJSF's widgets and short names, and ours. */
export const rjsfWidgetRegistry: Readonly<Record<string, true>> = Object.fromEntries(
  [...Object.keys(getDefaultRegistry().widgets), ...Object.keys(themeWidgets), ...RJSF_ALIASES].map((name) => [name, true]),
);
