/**
 * What identifies a screen definition and its format, apart from the meta-schema (./screen.ts): the
 * console's runtime needs these few constants, not the meta-schema itself (30 KB it would otherwise
 * carry to every page; issue 20).
 */
export const SCREEN_SCHEMA_ID = 'urn:care-console:screen';
/**
 * What a definition's `"$schema"` says: the meta-schema emitted beside the files as
 * `screens/screen.schema.json` (`npm run generate`), so that an analyst's editor validates and
 * completes a definition while it is written.
 */
export const SCREEN_SCHEMA_FILE = './screen.schema.json';

/** A file of screens/ that holds a definition: every `.json` but the emitted meta-schema. */
export const isScreenFile = (name: string): boolean => name.endsWith('.json') && name !== 'screen.schema.json';
/** The format this console writes and reads; older formats are migrated forward by the renderer. */
export const SCREEN_FORMAT_VERSION = 1;
