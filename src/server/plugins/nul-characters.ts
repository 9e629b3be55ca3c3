import type { FieldError } from '#schemas/api';
import type { App } from '../app-types';
import { badRequest } from '../lib/http-error';
import { INVALID_REQUEST_MESSAGE } from './errors';

/** Where a value sits in the request, in the error handler's notation (`name`, `answers.school`, `params.orgId`). */
const join = (path: string, key: string | number): string => (path ? `${path}.${key}` : String(key));

/** A UTF-16 surrogate without its pair: text that is not Unicode, which a jsonb column refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why PostgreSQL could not store the text, if it could not. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds a lone surrogate)';
  return undefined;
}

/**
 * The first place in a parsed value where text (a key or a string) cannot be stored, and why, found without
 * recursion (a body may be nested thousands deep).
 */
function unstorableTextAt(value: unknown, root: string): FieldError | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      const why = unstorable(item);
      if (why) return { field: path, message: why };
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const at = join(path, key);
        const why = unstorable(key);
        if (why) return { field: at, message: why };
        pending.push([child, at]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, nor a lone UTF-16 surrogate (a JSON "\ud800" escape) in jsonb: a
 * request carrying one would fail in the database with a 500. No answer, name or identifier the product keeps has a
 * use for either, so a request with one in its path parameters, query or JSON body is refused with a 400 naming the
 * field, before any route looks at it (API fuzzing, issue 19; decision 0070).
 */
export function registerNulCharacterGuard(app: App): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value, prefix] of [
      ['params', request.params, 'params'],
      ['querystring', request.query, 'query'],
      ['body', request.body, ''],
    ] as const) {
      const error = unstorableTextAt(value, prefix);
      if (error) return done(badRequest(INVALID_REQUEST_MESSAGE, [{ ...error, field: error.field || part }]));
    }
    done();
  });
}
