import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../../../src/console/api/httpError';
import { serverMessage } from '../../../../src/console/renderer/core/serverMessage';

describe('serverMessage: the words of a failed call, when the server gave some', () => {
  it('is the mapped message of an answer with a detail or a message', () => {
    expect(serverMessage(errorFromResponse(409, 'Conflict', { detail: 'This provider is not active' }))).toBe('This provider is not active');
    expect(serverMessage(errorFromResponse(400, 'Bad Request', { message: 'Bad provider' }))).toBe('Bad provider');
    expect(serverMessage(errorFromResponse(422, 'Unprocessable', { detail: [{ loc: ['body', 'tenant_id'], msg: 'Field required', type: 'missing' }] }))).toBe(
      'Form is missing information: body.tenant_id',
    );
    expect(serverMessage(errorFromResponse(500, 'Server Error', { detail: 'Internal server error' }))).toBe('Internal server error');
  });

  it('is nothing for a network failure or an answer without words', () => {
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(errorFromResponse(502, 'Bad Gateway', '<html>proxy</html>'))).toBeUndefined();
    expect(serverMessage(errorFromResponse(404, 'Not Found', {}))).toBeUndefined();
    expect(serverMessage(errorFromResponse(422, 'Unprocessable', { detail: [] }))).toBeUndefined();
  });
});
