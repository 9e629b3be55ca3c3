import type { FieldError } from '#schemas/api';
import type { App } from '../app-types';
import { badRequest } from '../lib/http-error';
import { INVALID_REQUEST_MESSAGE } from './errors';

/** Where a value sits in the request, in the error handler's notation (`name`, `answers.school`, `params.orgId`). */
const join = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));

/**
 * The first place in a parsed value where text holds a NUL character (U+0000), in a key or a
 * string, found without recursion (a body may be nested thousands deep).
 */
function nulCharacterAt(value: unknown, root: string): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = join(path, key);
        if (key.includes('\u0000')) return at;
        pending.push([child, at]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb: a request carrying one would fail in the database
 * with a 500. No answer, name or identifier the product keeps has a use for it, so a request with
 * one in its path parameters, query or JSON body is refused with a 400 naming the field, before any
 * route looks at it (API fuzzing, issue 19; decision 0070).
 */
export function registerNulCharacterGuard(app: App): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value, prefix] of [
      ['params', request.params, 'params'],
      ['querystring', request.query, 'query'],
      ['body', request.body, ''],
    ] as const) {
      const at = nulCharacterAt(value, prefix);
      if (at !== undefined) {
        const error: FieldError = { field: at || part, message: 'must not contain the NUL character (U+0000)' };
        throw badRequest(INVALID_REQUEST_MESSAGE, [error]);
      }
    }
  });
}
