import fc from 'fast-check';

/*
 * fast-check arbitraries for API fuzzing (tests/helpers/api-fuzz.ts), read from the OpenAPI
 * document's schema objects: values a schema accepts, and the hostile ones a caller may send
 * instead (wrong types, nulls, huge and out-of-range numbers, unicode and control characters,
 * long strings, deep nesting, missing and extra fields, hostile file uploads).
 */

export interface OpenApiSchema {
  type?: string | string[];
  nullable?: boolean;
  const?: unknown;
  enum?: unknown[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  additionalProperties?: boolean | OpenApiSchema;
  items?: OpenApiSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: OpenApiSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The operation of a registered route (`/api/v1/candidate/:id` is `/api/v1/candidate/{id}` in the document). */
export function operationOf(document: OpenApiDocument, method: string, url: string): OpenApiOperation | undefined {
  return document.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
}

/** Strings that have broken servers: control characters, lone surrogates, paths, injections, lookalikes. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%00',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<svg onload=alert(1)>',
  'javascript:alert(1)',
  '\u202egnp.exe',
  '\uFEFF\u200B\u200D',
  '\uD800',
  '\uDFFF\uD800',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Ｚａｌｇｏ̸̢̛̖̓ͅ',
  'İıǅß',
  '\r\nX-Injected: yes',
  '{{constructor.constructor("return 1")()}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  '2147483648',
  '-9223372036854775809',
  '1970-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '0000-00-00',
  '2030-02-30',
  '00000000-0000-0000-0000-000000000000',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(10_000),
];

/** Numbers past every column's range, and the awkward ones inside it. */
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1e-320,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 64),
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

/** Nesting deep enough to break a recursive walker. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}
const DEEP = [nested(64, 'array'), nested(64, 'object'), nested(1000, 'array'), nested(1000, 'object')];

/** Anything a hostile caller might put where a value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...NASTY_STRINGS), { maxLength: 4 }) },
);

/** Text as a URL carries it: its UTF-8 bytes percent-encoded (a lone surrogate becomes U+FFFD, as browsers send it). */
export const percentEncoded = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A path segment a hostile caller sends: any hostile value, bytes that are not UTF-8, NUL, encoded dots. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileValue.map((v) => percentEncoded(typeof v === 'string' ? v : JSON.stringify(v))) },
  { weight: 1, arbitrary: fc.constantFrom('%ff', '%c0%ae%c0%ae%2f', '%00', '%2e%2e', '..', '%', '%zz', '%e2%82') },
);

/** Built once per pattern: reading the pattern and preparing its pieces is fast-check's slow part. */
const patternedArbitraries = new Map<string, fc.Arbitrary<string>>();

/** A string matching a pattern, or any short string when fast-check cannot read the pattern. */
function patterned(pattern: string): fc.Arbitrary<string> {
  let arbitrary = patternedArbitraries.get(pattern);
  if (!arbitrary) {
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern));
    } catch {
      arbitrary = fc.string({ maxLength: 20 });
    }
    patternedArbitraries.set(pattern, arbitrary);
  }
  return arbitrary;
}

function validString(schema: OpenApiSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  if (schema.pattern) return patterned(schema.pattern);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
  );
}

function validNumber(schema: OpenApiSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  const min = schema.minimum ?? (exclusiveMin === undefined ? -1000 : exclusiveMin + 1);
  const max = schema.maximum ?? (exclusiveMax === undefined ? Math.max(min, 0) + 1000 : exclusiveMax - 1);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

function typesOf(schema: OpenApiSchema): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return schema.nullable ? [...types, 'null'] : types;
}

/** A value the schema accepts (most of the time: patterns and combinations are approximated). */
export function validValue(schema: OpenApiSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => validValue(s, depth + 1)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf) as OpenApiSchema, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validValue({ ...schema, type, nullable: false }, depth)));
  switch (types[0] ?? (schema.properties ? 'object' : undefined)) {
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validValue(schema.items, depth + 1), {
        minLength,
        maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, validValue(s, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object' && Object.keys(properties).length === 0)
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(extra, depth + 1), {
          maxKeys: 3,
        });
      return record;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A body the schema does not quite accept: a valid one with a required field missing, an unknown
 * field added, or one value replaced by a hostile one; or something else entirely.
 */
export function wrongBody(schema: OpenApiSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const valid = validValue(schema);
  const mutated = fc
    .tuple(valid, fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), hostileValue, fc.nat(2))
    .map(([value, key, hostile, how]) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (how === 0) delete copy[key];
      else if (how === 1) copy[`${key}Extra`] = hostile;
      else copy[key] = hostile;
      return copy;
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue });
}

const text = (s: string) => new TextEncoder().encode(s);

/** File contents a hostile uploader sends: script in disguise, polyglots, empty files, random bytes. */
const HOSTILE_FILES: readonly Uint8Array[] = [
  new Uint8Array(0),
  text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
  text('<!doctype html><html><script>alert(1)</script></html>'),
  text('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF'),
  text('GIF89a/*<script>alert(1)</script>*/'),
  text('\u0000\u0001\u0002'),
  new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
];

/** A multipart upload: a valid PDF or a hostile file, under a hostile name and a claimed type. */
export const hostileMultipart = fc.record({
  fileName: fc.oneof(
    fc.constant('transcript.pdf'),
    fc.constantFrom('../../etc/passwd', 'a\u0000b.pdf', '\u202egnp.exe', 'x'.repeat(1000), 'ü😀.pdf', '.', ''),
  ),
  contentType: fc.constantFrom('application/pdf', 'image/svg+xml', 'text/html', 'application/octet-stream'),
  bytes: fc.oneof(
    fc.constant(text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')),
    fc.constantFrom(...HOSTILE_FILES),
    fc.uint8Array({ maxLength: 64 }),
  ),
});
