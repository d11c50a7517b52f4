/**
 * Screen Studio's calls (issue 21; src/server/routes/screenStudio/README.md): drafts of screen
 * definitions, their checks, releases and rollbacks. A definition travels whole, as an object the
 * checks judge (the meta-schema, the registries, the server's contract), not this schema.
 */
import { pathId } from './common';

/** A screen id as screens/ and screen_versions name it: `patients.list`, `clinical-activities.step`. */
const screenId = { type: 'string', pattern: '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)*$', maxLength: 100 } as const;
const revision = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const version = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const note = { type: 'string', maxLength: 2000 } as const;
const definition = { type: 'object', additionalProperties: true } as const;

export const screenIdParams = { type: 'object', properties: { id: screenId }, required: ['id'], additionalProperties: false } as const;
export const screenVersionParams = {
  type: 'object',
  properties: { id: screenId, version },
  required: ['id', 'version'],
  additionalProperties: false,
} as const;
export const releaseIdParams = { type: 'object', properties: { id: pathId }, required: ['id'], additionalProperties: false } as const;

/** Saves the draft: `revision` is the one the editor opened, null to start a draft from the version in force. */
export const draftBody = {
  type: 'object',
  properties: { definition, revision: { anyOf: [revision, { type: 'null' }] } },
  required: ['definition', 'revision'],
  additionalProperties: false,
} as const;

/** The draft the caller saw: submitted for review (body), discarded (`DELETE .../draft?revision=3`). */
export const draftRevision = { type: 'object', properties: { revision }, required: ['revision'], additionalProperties: false } as const;

/** Checks a definition without saving it (the editor's validation as you type). */
export const checkBody = {
  type: 'object',
  properties: { id: screenId, definition },
  required: ['id', 'definition'],
  additionalProperties: false,
} as const;

/** Publishes drafts as one release: each screen with the draft revision the publisher reviewed. */
export const releaseBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    note,
    screens: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { type: 'object', properties: { id: screenId, revision }, required: ['id', 'revision'], additionalProperties: false },
    },
  },
  required: ['name', 'screens'],
  additionalProperties: false,
} as const;

export const releaseRollbackBody = { type: 'object', properties: { note }, additionalProperties: false } as const;

/** Publishes an earlier version of one screen; `base_version` is the version in force the caller saw. */
export const screenRollbackBody = {
  type: 'object',
  properties: { version, base_version: version, note },
  required: ['version', 'base_version'],
  additionalProperties: false,
} as const;
