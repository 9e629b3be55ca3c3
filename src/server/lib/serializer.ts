import fastJsonStringify from 'fast-json-stringify';
import { compiledOnce } from './compiled-once';

type Schema = Record<string, unknown>;

const isPlainType = (schema: Schema): boolean =>
  typeof schema.type === 'string' &&
  schema.type !== 'null' &&
  !['anyOf', 'oneOf', 'allOf', 'const', 'enum', '$ref'].some((keyword) => keyword in schema);

/**
 * The schema with each `anyOf: [X, { type: 'null' }]` (TypeBox's nullable union) written `type: [X's type, 'null']`
 * when X is one plain type. Both describe the same values, and fast-json-stringify writes the same JSON for them, but
 * for the first it checks every value against the branches with Ajv as it writes; for the second it looks at the
 * value's type (decision 0091). The schema given is not changed.
 */
export function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const object = schema as Schema;
  const branches = object.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex(
      (branch: Schema) => branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = branches[1 - nullIndex] as Schema | undefined;
    if (nullIndex !== -1 && other && isPlainType(other)) {
      const { anyOf: _anyOf, ...rest } = object;
      return { ...rest, ...(withNullableTypes(other) as Schema), type: [other.type, 'null'] };
    }
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, withNullableTypes(value)]));
}

type Serialize = (data: unknown) => string;

/** Serialisers are built once per process however many times the app is built (compiled-once.ts). */
const serializerOnce = compiledOnce<Serialize>();

/** Fastify's response serialiser (setSerializerCompiler): fast-json-stringify of the schema with nullable types. */
export function serializerCompiler({ schema }: { schema: unknown }): Serialize {
  return serializerOnce(JSON.stringify(schema), () =>
    fastJsonStringify(withNullableTypes(schema) as Parameters<typeof fastJsonStringify>[0]),
  );
}
