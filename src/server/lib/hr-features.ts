import { isVisible, mergeConfigurations, type HR_FEATURES } from '#engine';
import type { OrganizationRecord } from '../db/types';

/**
 * Whether the organisation's configuration (its default and form layers) shows a hiring-side feature: spec §3 `hr`,
 * visible unless false. Where the server refuses a hidden feature's calls (decision 0078) it asks here.
 */
export function showsHrFeature(
  organization: Pick<OrganizationRecord, 'default_configuration' | 'form_configuration'>,
  feature: (typeof HR_FEATURES)[number],
): boolean {
  const configuration = mergeConfigurations(organization.default_configuration, organization.form_configuration);
  return isVisible(configuration, 'hr', feature);
}
