import { describe, expect, it } from 'vitest';
import { createError, errorFromResponse, HttpError, MISSING_INFORMATION_SEPARATOR } from '../../../src/console/api/httpError';

describe('the error mapping of spec 000 section 7', () => {
  it('422: a message string as is, then a detail string as is', () => {
    expect(errorFromResponse(422, 'Unprocessable Entity', { message: 'Bad IMEI list', detail: 'ignored' }).message).toBe('Bad IMEI list');
    expect(errorFromResponse(422, 'Unprocessable Entity', { detail: 'Gateway ID is required' }).message).toBe('Gateway ID is required');
  });

  it("422: a detail list becomes 'Form is missing information' and the first loc joined by dots", () => {
    const body = {
      detail: [
        { loc: ['body', 'user', 'email'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'x'], msg: 'y', type: 'z' },
      ],
    };
    expect(MISSING_INFORMATION_SEPARATOR).toBe(': ');
    expect(errorFromResponse(422, 'Unprocessable Entity', body).message).toBe('Form is missing information: body.user.email');
  });

  it('422: any other shape is raised again as the HTTP error it was', () => {
    const error = errorFromResponse(422, 'Unprocessable Entity', { errors: ['x'] });
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Unprocessable Entity', status: 422, body: { errors: ['x'] } });
    expect(errorFromResponse(422, '', [{ msg: 'no loc' }]).message).toBe('HTTP error 422');
  });

  it("500: 'Internal server error', whatever the body", () => {
    expect(errorFromResponse(500, 'Server Error', { detail: 'SQL went wrong' }).message).toBe('Internal server error');
  });

  it('otherwise the body message or detail, else the status text', () => {
    expect(errorFromResponse(404, 'Not Found', { detail: 'Not found' }).message).toBe('Not found');
    expect(errorFromResponse(409, 'Conflict', { message: 'Already assigned' }).message).toBe('Already assigned');
    expect(errorFromResponse(403, 'Forbidden', 'plain text').message).toBe('Forbidden');
  });

  it("words a create error containing 'Key' as '{Resource} already exists.'", () => {
    const duplicate = errorFromResponse(409, 'Conflict', { detail: 'Key (external_id)=(35) already exists.' });
    expect(createError(duplicate, 'Device')).toMatchObject({ message: 'Device already exists.', status: 409 });
    const other = errorFromResponse(409, 'Conflict', { detail: 'Provider is offboarded' });
    expect(createError(other, 'Device')).toBe(other);
  });
});
