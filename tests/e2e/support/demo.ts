import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OrganizationFile } from '#schemas/organization';

const ROOT = join(import.meta.dirname, '../../../configs/organizations');

/** The demo organisations as configured, so tests follow the configuration rather than copy it. */
export function demoOrganizations(): OrganizationFile[] {
  return readdirSync(ROOT).map((dir) => JSON.parse(readFileSync(join(ROOT, dir, 'organization.json'), 'utf8')));
}
