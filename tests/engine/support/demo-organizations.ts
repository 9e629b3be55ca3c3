import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OrganizationFile } from '#schemas/organization';

/** configs/organizations: the folder of the demo organisations' files. */
export const ORGANIZATIONS_ROOT = join(import.meta.dirname, '../../../configs/organizations');

/** Every demo organisation's organization.json, by subdomain (its folder). */
export const DEMO_ORGANIZATIONS: Record<string, OrganizationFile> = Object.fromEntries(
  readdirSync(ORGANIZATIONS_ROOT).map((sub) => [
    sub,
    JSON.parse(readFileSync(join(ORGANIZATIONS_ROOT, sub, 'organization.json'), 'utf8')) as OrganizationFile,
  ]),
);
