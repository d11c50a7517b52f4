import type { FromSchema } from 'json-schema-to-ts';
import { PRIMARY_CONDITIONS } from '../enums';
import { CHART_MEASURES } from './measures';

/** A triage code: LOW, MEDIUM, TEST, or a variant of DOC or ER (DOC_24H, ER_NOW), in capitals. */
const triageCode = { type: 'string', pattern: '^(LOW|MEDIUM|TEST|DOC|ER)(_[A-Z0-9]+)*$' } as const;
const linkId = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
const text = { type: 'string', minLength: 1 } as const;
const score = { type: 'integer', minimum: 0 } as const;

/**
 * A questionnaire file of src/domain/clinical/questionnaires (spec 001 sections 2 and 4: the
 * assessments a clinician runs on the record). Items score as a sum: a choice by its option's value,
 * a boolean 1 when true, an integer by itself; the total falls in one triage band; an answer listed by
 * a red flag raises the triage to the flag's code. What one schema cannot say (bands contiguous from 0
 * to the highest score, red flags naming real items) is checked by tests/domain/clinical.questionnaires.test.ts.
 */
export const questionnaireSchema = {
  $id: 'https://care-console.local/schemas/questionnaire.json',
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
    title: text,
    category: { type: 'string', enum: ['survey', 'disease_assessment'] },
    /** The primary conditions it is offered for, or ["*"] for every patient. */
    conditions: { type: 'array', items: { type: 'string', enum: [...PRIMARY_CONDITIONS, '*'] }, minItems: 1, uniqueItems: true },
    /** The instrument it is, or is adapted from, and why it may be used. */
    source: text,
    prerequisites: {
      type: 'object',
      properties: {
        recentVitals: { type: 'array', items: { type: 'string', enum: CHART_MEASURES }, uniqueItems: true },
        profile: { type: 'array', items: text, uniqueItems: true },
      },
      additionalProperties: false,
    },
    items: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          linkId,
          text,
          type: { type: 'string', enum: ['choice', 'boolean', 'integer'] },
          required: { type: 'boolean', const: true },
          options: {
            type: 'array',
            minItems: 2,
            items: { type: 'object', properties: { value: score, label: text }, required: ['value', 'label'], additionalProperties: false },
          },
          min: score,
          max: score,
        },
        required: ['linkId', 'text', 'type', 'required'],
        additionalProperties: false,
        allOf: [
          { if: { properties: { type: { const: 'choice' } } }, then: { required: ['options'] }, else: { not: { required: ['options'] } } },
          {
            if: { properties: { type: { const: 'integer' } } },
            then: { required: ['min', 'max'] },
            else: { not: { anyOf: [{ required: ['min'] }, { required: ['max'] }] } },
          },
        ],
      },
    },
    scoring: { type: 'object', properties: { method: { type: 'string', const: 'sum' } }, required: ['method'], additionalProperties: false },
    triage: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { min: score, max: score, code: triageCode, interpretation: text },
        required: ['min', 'max', 'code', 'interpretation'],
        additionalProperties: false,
      },
    },
    redFlags: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          linkId,
          values: {
            oneOf: [
              { type: 'array', items: { type: 'number' }, minItems: 1 },
              { type: 'array', items: { type: 'boolean' }, minItems: 1 },
            ],
          },
          code: triageCode,
          interpretation: text,
        },
        required: ['linkId', 'values', 'code', 'interpretation'],
        additionalProperties: false,
      },
    },
  },
  required: ['id', 'version', 'title', 'category', 'conditions', 'source', 'items', 'scoring', 'triage'],
  additionalProperties: false,
} as const;

/** A questionnaire as its file holds it. */
export type Questionnaire = FromSchema<typeof questionnaireSchema>;
