import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TObject } from 'typebox';
import { Configuration } from '#schemas/configuration';
import { OrganizationFile } from '#schemas/organization';
import { RolesFile } from '#schemas/role';

/**
 * npm run schemas: writes configs/schemas/<name>.schema.json from the TypeBox formats of the configuration files, so
 * an editor validates and completes a file that names it in "$schema" (a path relative to the file). The loaders
 * drop the "$schema" key before validating, so it never reaches the database or the engine.
 * tests/server/config-schemas.test.ts fails when a committed file differs from what this script writes.
 */

export const SCHEMAS_DIR = path.join(import.meta.dirname, '..', 'configs', 'schemas');

/** Every generated schema: its file name (without .schema.json), the TypeBox format and what it describes. */
export const CONFIG_SCHEMAS: Record<string, { schema: TObject; title: string }> = {
  organization: {
    schema: OrganizationFile,
    title: 'A demo organisation: configs/organizations/<subdomain>/organization.json',
  },
  configuration: {
    schema: Configuration,
    title:
      'A configuration layer: configs/default-configuration.json, configs/regions/<countryBase>[.<language>].json, ' +
      'configs/translations/<language>.json and ' +
      'configs/organizations/<subdomain>/translations/<language>.json',
  },
  roles: {
    schema: RolesFile,
    title: 'The demo roles of an organisation: configs/organizations/<subdomain>/roles.json',
  },
};

const DRAFT = 'http://json-schema.org/draft-07/schema#';

/** The JSON Schema text of one format, with a `$schema` property allowed beside the file's own. */
export function schemaText(name: string): string {
  const entry = CONFIG_SCHEMAS[name];
  if (!entry) throw new Error(`unknown schema '${name}'`);
  // A TypeBox schema is JSON Schema; JSON.stringify leaves out its non-enumerable markers (~kind, ~optional).
  const format = JSON.parse(JSON.stringify(entry.schema)) as { properties: Record<string, unknown> };
  const schema = {
    $schema: DRAFT,
    title: entry.title,
    ...format,
    properties: {
      $schema: { type: 'string', description: 'the JSON Schema of this file, for editors; ignored when loading' },
      ...format.properties,
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

async function writeSchemas(dir: string = SCHEMAS_DIR): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const name of Object.keys(CONFIG_SCHEMAS)) {
    const file = path.join(dir, `${name}.schema.json`);
    await writeFile(file, schemaText(name));
    written.push(file);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of await writeSchemas()) process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}
