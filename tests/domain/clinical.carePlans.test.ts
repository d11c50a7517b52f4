import { readdirSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, test } from 'vitest';
import { carePlanContentSchema } from '../../schemas/entities/carePlan';
import { CARE_PLAN_SECTIONS, CARE_PLAN_TEMPLATES, findCarePlanTemplate } from '../../src/domain/clinical/carePlans';
import { PRIMARY_CONDITIONS } from '../../src/domain/enums';

/**
 * The care-plan templates (src/domain/clinical/carePlanTemplates, spec 001 section 3): each is a whole
 * plan of the 12 sections with caregiver instructions and patient goals, names its source, and every
 * primary condition has one. A template file that is not listed, or a listed one that breaks the
 * shape, fails here instead of in a clinician's dialog.
 */
describe('care-plan templates', () => {
  const validContent = new Ajv({ allErrors: true }).compile(carePlanContentSchema);

  test('every file of the folder is offered, each key once', () => {
    const files = readdirSync(new URL('../../src/domain/clinical/carePlanTemplates/', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(CARE_PLAN_TEMPLATES.map((t) => `${t.key}.json`).sort()).toEqual(files.sort());
    expect(new Set(CARE_PLAN_TEMPLATES.map((t) => t.key)).size).toBe(CARE_PLAN_TEMPLATES.length);
  });

  test.each(CARE_PLAN_TEMPLATES.map((t) => [t.key, t] as const))('%s is a whole plan a clinician can start from', (_key, template) => {
    expect(validContent(template.content), JSON.stringify(validContent.errors)).toBe(true);
    expect(Object.keys(template.content)).toEqual([...CARE_PLAN_SECTIONS]);
    for (const section of CARE_PLAN_SECTIONS) {
      expect(template.content[section].caregiver_instructions.trim().length, section).toBeGreaterThan(40);
      expect(template.content[section].patient_goals.trim().length, section).toBeGreaterThan(40);
    }
    expect(template.name).toMatch(/Care Plan$/);
    expect(template.source.length).toBeGreaterThan(10);
    expect(PRIMARY_CONDITIONS).toContain(template.primary_condition);
  });

  test('every primary condition has a template', () => {
    for (const condition of PRIMARY_CONDITIONS)
      expect(
        CARE_PLAN_TEMPLATES.some((t) => t.primary_condition === condition),
        condition,
      ).toBe(true);
  });

  test('a template is found by its key, an unknown key finds none', () => {
    expect(findCarePlanTemplate('heart-failure')?.name).toBe('Heart Failure Care Plan');
    expect(findCarePlanTemplate('nope')).toBeUndefined();
  });
});
