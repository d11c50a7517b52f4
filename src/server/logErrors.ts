/**
 * The logger's `err` serializer: what an error may put into a log line. Database errors carry what
 * the request sent (PGlite's `query` and `params`, PostgreSQL's `detail` with the offending key
 * value, `where`, `hint`, `internalQuery`, and messages such as `invalid input syntax for type
 * integer: "..."`): issue 12 found a typed user name in the logs that way. So a database error is
 * logged by its kind only (SQLSTATE, routine, constraint, table, column) and its stack frames
 * without the message line; any other error keeps its type, message and stack. Nothing is copied
 * from an error that is not listed here.
 */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  /** A database error's is `database error {SQLSTATE}`: its own message may quote the input. */
  message: string;
  code?: string;
  severity?: string;
  routine?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
}

/** A PostgreSQL error (pg's DatabaseError or PGlite's): a five-character SQLSTATE and a severity. */
const isDatabaseError = (error: Record<string, unknown>) =>
  typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: '', stack: '' };
  const fields = error as Record<string, unknown>;
  const type = (error as { constructor?: { name?: string } }).constructor?.name ?? 'Object';
  const cause = depth < 3 && fields.cause !== undefined ? { cause: serializeError(fields.cause, depth + 1) } : {};
  if (isDatabaseError(fields)) {
    const frames = text(fields.stack)?.split('\n').slice(1).join('\n');
    const kind = {
      code: text(fields.code),
      severity: text(fields.severity),
      routine: text(fields.routine),
      constraint: text(fields.constraint),
      table: text(fields.table),
      column: text(fields.column),
    };
    const listed = Object.fromEntries(Object.entries(kind).filter(([, value]) => value !== undefined));
    return { type: 'DatabaseError', message: `database error ${kind.code}`, ...listed, stack: frames ?? '', ...cause };
  }
  const code = text(fields.code);
  return { type, message: text(fields.message) ?? '', ...(code ? { code } : {}), stack: text(fields.stack) ?? '', ...cause };
}
