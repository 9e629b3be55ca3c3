import product from '../../../configs/default-configuration.json';
import acme from '../../../configs/organizations/acme/organization.json';
import { mergeLayers } from '../../../engine/config/merge';
import { compile } from '../../../engine/forms/compile';
import type { CompiledForm, CompiledStep } from '../../../engine/forms/types';
import type { Configuration } from '../../../schemas/configuration';

export const TODAY = '2026-11-21';

/** The acme demo organisation's application form, compiled as in tests/engine/demo-configurations.test.ts. */
export function acmeForm(extra?: Configuration): CompiledForm {
  const configuration = mergeLayers({
    product: product as Configuration,
    organizationForm: acme.formConfiguration as Configuration,
    ...(extra ? { role: extra } : {}),
  });
  return compile(configuration, { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: TODAY });
}

export function stepOf(form: CompiledForm, id: string): CompiledStep {
  const step = form.steps.find((s) => s.id === id);
  if (!step) throw new Error(`No step ${id} in ${form.steps.map((s) => s.id).join(', ')}`);
  return step;
}

/** A complete acme application (as the engine's table tests use). */
export const completeAcme = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobile: '+44 7700 900982',
  nationality: 'United Kingdom',
  permitType: 'British or Irish citizen',
  secondarySchool: 'Camden School for Girls',
  secondarySchoolCountry: 'England',
  secondarySchoolType: 'State-run or state-funded school (non-selective)',
  secondarySchoolCompletedYear: 2020,
  collegeAttended: 'Sixth form at the same school',
  sixthFormSchool: 'Camden School for Girls',
  sixthFormQualificationType: 'A level',
  sixthFormSchoolCompletedYear: 2022,
  universities: [
    {
      universityType: 'Undergraduate',
      universityName: 'University of Leeds',
      universityStartYear: 2022,
      universityGraduationYear: 2025,
      degreeType: 'BSc',
      degreeSubject: 'Mathematics',
      degreeClass: 'First-class honours',
      averagePercent: 72.5,
    },
  ],
  gender: 'Woman',
  pronouns: 'She/her',
  sexuality: 'Prefer not to say',
  ethnicity: 'Any other White background',
  ethnicitySpecify: 'Polish',
  religion: 'No religion',
  disability: 'No',
  veteran: 'No',
  cv: { id: 'doc-1', name: 'ada-cv.pdf' },
  whyAcme: 'Because I like solving problems with people.',
  preferredOffice: 'Manchester',
  heardAbout: 'Social media',
  acceptTermAndConditions: true,
};
