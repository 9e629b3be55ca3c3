import packageJson from '#package.json' with { type: 'json' };
import type { VersionInfo } from '#schemas/api';

export function versionInfo(commit: string | null): VersionInfo {
  return { name: packageJson.name, version: packageJson.version, commit };
}
