import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root, found from this file so commands work from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CONFIG_DIR = path.join(REPO_ROOT, 'configs');
export const ORGANIZATIONS_DIR = path.join(CONFIG_DIR, 'organizations');
