import type { Configuration } from '#schemas/configuration';
import type { Region } from '#schemas/organization';
import { themeContrastProblems } from '../rules/contrast';
import { mergeConfigurations } from './merge';
import { regionLayer } from './regions';
import { validateConfiguration, type ConfigurationProblem } from './validate';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** An organisation's own configurations, as the studio edits them and the server publishes them. */
export interface OrganizationConfigurations {
  defaultConfiguration: unknown;
  formConfiguration: unknown;
  themeConfiguration: { headerBGcolour: string; secondary: string };
}

/**
 * Every problem of an organisation's configurations, each by its JSON Pointer from the set's root
 * (`/formConfiguration/custom/0/label`): the default layer checked over the product default and the organisation's
 * region, the form layer over those and the default layer (decision 0005), and the theme's colours by the WCAG AA
 * contrast rule. The studio runs it on every change and the server before it publishes (decision 0042): one check.
 */
export function organizationConfigurationProblems(
  set: OrganizationConfigurations,
  context: { product: Configuration; countryBase: Region },
): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const add = (root: string, found: ReadonlyArray<{ path: string; message: string }>) => {
    for (const { path, message } of found) problems.push({ path: `/${root}${path === '/' ? '' : path}`, message });
  };
  const beneath = mergeConfigurations(context.product, regionLayer(context.countryBase));
  const defaults = validateConfiguration(set.defaultConfiguration, { beneath });
  if (!defaults.valid) add('defaultConfiguration', defaults.problems);
  const form = validateConfiguration(set.formConfiguration, {
    beneath: defaults.valid ? mergeConfigurations(beneath, defaults.configuration) : beneath,
  });
  if (!form.valid) add('formConfiguration', form.problems);
  const colours = (['headerBGcolour', 'secondary'] as const).filter((key) => !HEX.test(set.themeConfiguration[key]));
  for (const key of colours)
    problems.push({ path: `/themeConfiguration/${key}`, message: 'expected a colour as #rrggbb, such as #1d70b8' });
  add('themeConfiguration', themeContrastProblems(set.themeConfiguration));
  return problems;
}
