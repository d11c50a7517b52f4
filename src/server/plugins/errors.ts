import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError, rejectNul, serviceUnavailable, type ValidationIssue } from '../errors';

/** Fastify's validation contexts under the names the spec's `loc` uses. */
const LOCATION: Record<string, string> = { querystring: 'query', params: 'path', headers: 'header', body: 'body' };

type AjvIssue = NonNullable<FastifyError['validation']>[number];

/** PostgreSQL's query_canceled: a statement ran past statement_timeout (DB_STATEMENT_TIMEOUT_MS) or was cancelled. */
const QUERY_CANCELED = '57014';

/** Turns an Ajv error of a route schema into the spec's `{loc, msg, type}` entry. */
function toIssue(context: string, issue: AjvIssue): ValidationIssue {
  // A JSON pointer: items of a list by their index (a number, as the spec's `loc` has them).
  const path = issue.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
  const missing = (issue.params as { missingProperty?: string }).missingProperty;
  if (missing) return { loc: [context, ...path, missing], msg: 'Field required', type: 'missing' };
  const extra = (issue.params as { additionalProperty?: string }).additionalProperty;
  if (extra) return { loc: [context, ...path, extra], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
  return { loc: [context, ...path], msg: issue.message ?? 'Invalid value', type: issue.keyword };
}

/** Every error leaves in the spec's shapes; a 500 never carries a stack, SQL or a record. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Texts PostgreSQL cannot hold are refused before any route reads them (filter and meta, which
  // carry JSON inside the query, are checked where they are parsed).
  app.addHook('preValidation', async (request) => {
    rejectNul(request.query, ['query']);
    rejectNul(request.body, ['body']);
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (error.code === QUERY_CANCELED) {
      // The request asked more of the database than one call may take; it can succeed when the
      // database is less busy. Logged without the statement or its parameters.
      request.log.warn({ code: error.code }, 'a statement ran out of time');
      const busy = serviceUnavailable(5, 'The request took too long. Please try again later.');
      return reply.code(busy.statusCode).headers(busy.headers).send(busy.body);
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, restarting, or cut this request's connection: nothing was changed
      // that the request can see (its transaction did not commit), and a retry may succeed.
      request.log.warn({ err: error }, 'the database is unavailable');
      const down = serviceUnavailable(5, 'The database is unavailable. Please try again later.');
      return reply.code(down.statusCode).headers(down.headers).send(down.body);
    }
    if (error.validation) {
      // Named as the spec's errors name them (and as the resource engine does): query, path, header, body.
      const context = LOCATION[error.validationContext ?? 'body'] ?? error.validationContext ?? 'body';
      return reply.code(422).send({ detail: error.validation.map((v) => toIssue(context, v)) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON body, unsupported media type, body too large).
      return reply.code(status === 400 ? 422 : status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
});
