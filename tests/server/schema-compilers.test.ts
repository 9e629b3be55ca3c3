import { describe, expect, it } from 'vitest';
import { bodyValidatorCompiler, strictBodyValidatorCompiler } from '#server/lib/body-validator';
import { serializerCompiler } from '#server/lib/serializer';

/*
 * Route schemas are compiled once per process, by their JSON (decision 0093): every app built in the process (each
 * server test file, the benchmarks) gets the same functions, and what differs by where a schema is used still differs.
 */
const schema = () => ({
  type: 'object',
  properties: { count: { type: 'number' } },
  required: ['count'],
  additionalProperties: false,
});

type Compiler = typeof bodyValidatorCompiler;

/** The validator `compile` gives the test schema for a part of the request. */
const validator = (compile: Compiler, httpPart: 'body' | 'querystring') =>
  compile({ schema: schema(), httpPart } as never) as (data: unknown) => boolean;

describe('route schema compilers', () => {
  it('give an equal schema the function compiled before, wherever the copy comes from', () => {
    expect(validator(bodyValidatorCompiler, 'body')).toBe(validator(bodyValidatorCompiler, 'body'));
    expect(serializerCompiler({ schema: schema() })).toBe(serializerCompiler({ schema: schema() }));
    expect(serializerCompiler({ schema: { ...schema(), required: [] } })).not.toBe(
      serializerCompiler({ schema: schema() }),
    );
  });

  it('keep bodies as sent and coerce query strings, for the same schema', () => {
    const body = validator(bodyValidatorCompiler, 'body');
    const query = validator(bodyValidatorCompiler, 'querystring');
    expect(body({ count: '7' })).toBe(false);
    const text: Record<string, unknown> = { count: '7' };
    expect(query(text)).toBe(true);
    expect(text.count).toBe(7);
  });

  it('drop unknown query parameters, or refuse them where the routes are strict', () => {
    const lenient = validator(bodyValidatorCompiler, 'querystring');
    const strict = validator(strictBodyValidatorCompiler, 'querystring');
    const dropped: Record<string, unknown> = { count: '1', utm_source: 'mail' };
    expect(lenient(dropped)).toBe(true);
    expect(dropped).toEqual({ count: 1 });
    expect(strict({ count: '1', utm_source: 'mail' })).toBe(false);
  });
});
