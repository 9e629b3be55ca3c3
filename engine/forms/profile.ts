import type { Configuration } from '#schemas/configuration';
import { SECTIONS } from '../fields/catalogue';
import { compile, isSealed, sealConfiguration } from './compile';
import type { CompileContext, CompiledForm } from './types';

/**
 * The candidate profile (spec §2 Profile sections, `views.profile`) as a form of its own: one step
 * per section, titled like the section. The same compile, so the same visibility, required
 * defaults and validation as the application steps that ask the same questions.
 */
function profileConfiguration(configuration: Configuration): Configuration {
  const sections = configuration.views?.profile ?? SECTIONS;
  // The sections the profile leaves out are hidden in it, not asked after it (compile's rule for unplaced sections).
  const left = SECTIONS.filter((id) => !sections.includes(id));
  return {
    ...configuration,
    subsections: { ...configuration.subsections, ...Object.fromEntries(left.map((id) => [id, false])) },
    views: {
      ...configuration.views,
      application: sections.map((id) => ({ id, sections: [id], title: `section.${id}.title` })),
    },
  };
}

const profileOfSealed = new WeakMap<Configuration, Configuration>();

export function compileProfile(configuration: Configuration, context: CompileContext): CompiledForm {
  // The profile of a sealed configuration is sealed too, so the server's profile form is found by identity as well.
  let profile = profileOfSealed.get(configuration);
  if (!profile) {
    profile = profileConfiguration(configuration);
    if (isSealed(configuration)) profileOfSealed.set(configuration, (profile = sealConfiguration(profile)));
  }
  return compile(profile, context);
}

/** Ids of the answers a profile holds: the top-level fields of its sections. */
export function profileFieldIds(profile: CompiledForm): string[] {
  return profile.steps.flatMap((step) => step.fieldIds);
}
