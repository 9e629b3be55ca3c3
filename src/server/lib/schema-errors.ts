import type { ErrorObject } from 'ajv';

/** One ajv problem, reworded for people: where (JSON pointer) and what was expected. */
export interface SchemaProblem {
  /** JSON pointer of the offending value, e.g. `/themeConfiguration/headerBGcolour`; '' is the root. */
  pointer: string;
  message: string;
}

/**
 * Turns ajv errors (from our ajv or from Fastify's) into SchemaProblems:
 * missing and unexpected properties point at the property itself, and the `const` branches of
 * a TypeBox union of literals collapse into one "must be one of ..." message.
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  const literalUnions = new Set(
    errors.filter((e) => e.keyword === 'anyOf' && isLiteralUnion(e)).map((e) => e.schemaPath),
  );
  const problems: SchemaProblem[] = [];
  for (const error of errors) {
    const parentUnion = error.schemaPath.replace(/\/\d+\/const$/, '');
    if (error.keyword === 'const' && literalUnions.has(parentUnion)) continue;
    problems.push(describe(error));
  }
  return problems;
}

function describe(error: ErrorObject): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { pointer: child(error.instancePath, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return { pointer: child(error.instancePath, String(params.additionalProperty)), message: 'is not allowed here' };
    case 'anyOf': {
      const allowed = literalValues(error);
      if (allowed) return { pointer: error.instancePath, message: `must be one of ${allowed.map(quote).join(', ')}` };
      return { pointer: error.instancePath, message: 'does not match any allowed form' };
    }
    default: {
      const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
      const suffix = typeof description === 'string' && error.keyword !== 'type' ? ` (${description})` : '';
      return { pointer: error.instancePath, message: `${error.message ?? 'is invalid'}${suffix}` };
    }
  }
}

function isLiteralUnion(error: ErrorObject): boolean {
  return literalValues(error) !== null;
}

/** The allowed values when the anyOf is a union of literals; needs ajv's `verbose` or the schema. */
function literalValues(error: ErrorObject): unknown[] | null {
  const branches = (error.schema ?? (error.parentSchema as { anyOf?: unknown })?.anyOf) as unknown;
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const values: unknown[] = [];
  for (const branch of branches) {
    if (typeof branch !== 'object' || branch === null || !('const' in branch)) return null;
    values.push((branch as { const: unknown }).const);
  }
  return values;
}

function child(pointer: string, key: string): string {
  return `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/**
 * `/address/lines/0` → `address.lines.0`, the `field` of the API error shape (under `root` when given:
 * `formConfiguration.fields.a/b` for `/fields/a~1b`). The one place a JSON Pointer is decoded.
 */
export function pointerToField(pointer: string, root?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return (root === undefined ? parts : [root, ...parts]).join('.');
}
