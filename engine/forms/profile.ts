import type { Configuration } from '#schemas/configuration';
import { SECTIONS } from '../fields/catalogue';
import { compile } from './compile';
import type { CompileContext, CompiledForm } from './types';

/**
 * The candidate profile (spec §2 Profile sections, `views.profile`) as a form of its own: one step
 * per section, titled like the section. The same compile, so the same visibility, required
 * defaults and validation as the application steps that ask the same questions.
 */
function profileConfiguration(configuration: Configuration): Configuration {
  const sections = configuration.views?.profile ?? SECTIONS;
  return {
    ...configuration,
    views: {
      ...configuration.views,
      application: sections.map((id) => ({ id, sections: [id], title: `section.${id}.title` })),
    },
  };
}

export function compileProfile(configuration: Configuration, context: CompileContext): CompiledForm {
  return compile(profileConfiguration(configuration), context);
}

/** Ids of the answers a profile holds: the top-level fields of its sections. */
export function profileFieldIds(profile: CompiledForm): string[] {
  return profile.steps.flatMap((step) => step.fieldIds);
}
