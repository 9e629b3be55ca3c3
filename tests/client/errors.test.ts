import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { GENERIC_ERROR_MESSAGE } from '#engine/constants';
import { errorMessage, errorStatus, messageFromErrorBody } from '#client/api/errors';

describe('messageFromErrorBody (spec §8 order)', () => {
  it.each<[string, unknown, string]>([
    [
      'first item of the errors list wins',
      {
        message: 'Invalid',
        errors: [
          { field: 'email', message: 'Email taken' },
          { field: 'x', message: 'second' },
        ],
        error_description: 'oauth',
      },
      'Email taken',
    ],
    ['errors list of strings', { errors: ['Plain item'] }, 'Plain item'],
    ['a plain string body', 'Invalid login cookie.', 'Invalid login cookie.'],
    [
      'error_description before message',
      { error: 'invalid_grant', error_description: 'Bad credentials', message: 'ignored' },
      'Bad credentials',
    ],
    ['message', { message: 'Role not found' }, 'Role not found'],
    ['empty errors list falls through to message', { errors: [], message: 'Fallback message' }, 'Fallback message'],
    ['blank strings are skipped', { errors: [{ message: ' ' }], error_description: '', message: 'Used' }, 'Used'],
    ['nothing usable', { status: 500 }, GENERIC_ERROR_MESSAGE],
    ['no body', undefined, GENERIC_ERROR_MESSAGE],
    ['empty string body', '', GENERIC_ERROR_MESSAGE],
  ])('%s', (_name, body, expected) => {
    expect(messageFromErrorBody(body)).toBe(expected);
  });
});

function axiosError(status: number | null, data?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = status === null ? undefined : { status, statusText: '', data, headers: {}, config };
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
}

describe('errorMessage', () => {
  it('reads the response body of an axios error', () => {
    expect(errorMessage(axiosError(400, { message: 'Bad input' }))).toBe('Bad input');
    expect(errorStatus(axiosError(404, { message: 'Not found' }))).toBe(404);
  });

  it('falls back to the generic message without a response or for other errors', () => {
    expect(errorMessage(axiosError(null))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorMessage(new Error('internal detail'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorStatus(new Error('x'))).toBeNull();
  });
});
