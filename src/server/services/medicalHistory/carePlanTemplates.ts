import { CARE_PLAN_TEMPLATES } from '../../../domain/clinical/carePlans';
import { invalid } from '../../errors';
import { parseJsonObject } from '../../resources/filterQuery';

/**
 * The care-plan templates a GET care-plan-templates answers (templates are product data, in
 * src/domain/clinical/carePlanTemplates, the same for every provider): all of them, or those whose
 * name holds `q` (a string, or the pickers' `{field, value}`), or those of `id` / `id[in]` (the keys).
 */
export function findTemplates(filterText: string | undefined) {
  const filter = filterText ? parseJsonObject(filterText, 'filter') : {};
  let templates = CARE_PLAN_TEMPLATES.map((template) => ({ id: template.key, ...template }));
  for (const [key, value] of Object.entries(filter)) {
    const loc = ['query', 'filter', key];
    if (key === 'q') {
      const text = typeof value === 'string' ? value : (value as { value?: unknown } | null)?.value;
      if (typeof text !== 'string') throw invalid(loc, 'Input should be a valid string', 'string_type');
      templates = templates.filter((t) => t.name.toLowerCase().includes(text.trim().toLowerCase()));
    } else if (key === 'id' || key === 'id[eq]' || key === 'id[in]') {
      const ids = key === 'id[in]' ? value : [value];
      if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) throw invalid(loc, 'Input should be template keys', 'string_type');
      templates = templates.filter((t) => ids.includes(t.id));
    } else if (key === 'primary_condition' || key === 'primary_condition[eq]') {
      templates = templates.filter((t) => t.primary_condition === value);
    } else throw invalid(loc, `Unknown field: ${key}`, 'unknown_field');
  }
  return templates;
}
