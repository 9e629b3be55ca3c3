import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMAS, SCHEMAS_DIR, schemaText } from '../../scripts/generate-schemas';
import { loadOrganizationSources, validateOrganizationFile } from '#server/seed/seed';
import { addFormats } from '#server/lib/json-validator';
import { CONFIG_DIR, ORGANIZATIONS_DIR } from '#server/paths';

/** Every configuration file that names a generated schema, with the schema it must name. */
const FILES: Array<[file: string, schema: string]> = [
  ...readdirSync(ORGANIZATIONS_DIR).map((sub): [string, string] => [
    path.join(ORGANIZATIONS_DIR, sub, 'organization.json'),
    'organization',
  ]),
  [path.join(CONFIG_DIR, 'default-configuration.json'), 'configuration'],
];

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8'));

describe('configs/schemas (npm run schemas)', () => {
  it.each(Object.keys(CONFIG_SCHEMAS))('%s.schema.json is what the script generates', (name) => {
    const file = path.join(SCHEMAS_DIR, `${name}.schema.json`);
    expect(existsSync(file), `${file} is missing: run npm run schemas`).toBe(true);
    expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run schemas`).toBe(schemaText(name));
  });

  it('holds no schema the script does not generate', () => {
    expect(readdirSync(SCHEMAS_DIR).sort()).toEqual(
      Object.keys(CONFIG_SCHEMAS)
        .map((n) => `${n}.schema.json`)
        .sort(),
    );
  });

  it.each(FILES)('%s names its schema by a relative path an editor resolves, and passes it', (file, name) => {
    const data = readJson(file);
    const ref = data.$schema;
    expect(typeof ref === 'string' && !path.isAbsolute(ref) && ref.startsWith('.')).toBe(true);
    // An editor resolves "$schema" against the file's own location.
    expect(path.resolve(path.dirname(file), ref as string)).toBe(path.join(SCHEMAS_DIR, `${name}.schema.json`));
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(readJson(path.join(SCHEMAS_DIR, `${name}.schema.json`)));
    expect(validate(data) ? [] : validate.errors).toEqual([]);
  });

  it('the loader sets "$schema" aside: accepted, never in what is seeded', async () => {
    const acme = readJson(path.join(ORGANIZATIONS_DIR, 'acme', 'organization.json'));
    expect(acme.$schema).toBeDefined();
    expect(validateOrganizationFile(acme, 'acme')).not.toHaveProperty('$schema');
    for (const source of await loadOrganizationSources()) expect(source.organization).not.toHaveProperty('$schema');
  });

  it('still refuses any other unknown key', () => {
    const acme = { ...readJson(path.join(ORGANIZATIONS_DIR, 'acme', 'organization.json')), $comment: 'x' };
    expect(() => validateOrganizationFile(acme, 'acme')).toThrow(/\$comment/);
  });
});
