import { describe, expect, it } from 'vitest';
import type { Configuration } from '#schemas/configuration';
import {
  controlId,
  draftProblems,
  editorControls,
  editorSteps,
  mergedDraft,
  problemTarget,
  type Draft,
} from '#client/features/admin/studio/studio-model';
import { DEMO_ORGANIZATIONS } from '../../engine/support/demo-organizations';

const acme = DEMO_ORGANIZATIONS.acme!;
const draftWith = (formConfiguration: Configuration): Draft => ({
  defaultConfiguration: acme.defaultConfiguration,
  formConfiguration,
  themeConfiguration: acme.themeConfiguration,
});

function targets(draft: Draft): Map<string, string> {
  const controls = editorControls(draft, editorSteps(mergedDraft(draft, 'UK')));
  return new Map(draftProblems(draft, 'UK').map((p) => [p.path, problemTarget(p.path, controls)]));
}

describe('each problem is shown at the control that writes its value', () => {
  it('places custom question, text, flag, menu and theme problems at their controls; the rest at the JSON of their layer', () => {
    const draft: Draft = {
      ...draftWith({
        ...acme.formConfiguration,
        text: { 'field.firstName.label': '', 'step.questions.title': ' ' },
        custom: [
          ...(acme.formConfiguration.custom ?? []),
          { id: 'team', type: 'radio', label: 'Team', options: ['Audit', 'Audit'] },
        ],
        fields: { nope: false },
        menus: { nowhere: false },
      }),
      themeConfiguration: { ...acme.themeConfiguration, secondary: '#fafafa' },
    };
    const at = (acme.formConfiguration.custom ?? []).length;
    expect(Object.fromEntries(targets(draft))).toEqual({
      [`/formConfiguration/custom/${at}/options/1`]: `/formConfiguration/custom/${at}/options`,
      '/formConfiguration/text/field.firstName.label': '/formConfiguration/text/field.firstName.label',
      '/formConfiguration/text/step.questions.title': '/formConfiguration/text/step.questions.title',
      '/formConfiguration/fields/nope': '/formConfiguration',
      '/formConfiguration/menus/nowhere': '/formConfiguration/menus',
      '/themeConfiguration/secondary': '/themeConfiguration/secondary',
    });
  });

  it('names a text of a list too long at that text', () => {
    const draft = draftWith({ textArrays: { 'terms.paragraphs': ['Fine', 'x'.repeat(10_001)] } });
    expect([...targets(draft).values()]).toEqual(['/formConfiguration/textArrays/terms.paragraphs/1']);
  });

  it('names a new question without a label at its label', () => {
    const draft = draftWith({ custom: [{ id: 'question1', type: 'text', label: '' }] });
    expect([...targets(draft).values()]).toEqual(['/formConfiguration/custom/0/label']);
  });

  it('gives every pointer its own valid DOM id', () => {
    const ids = ['/formConfiguration/text/a.b', '/formConfiguration/text/a~1b', '/formConfiguration/text/a b'].map(
      controlId,
    );
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
  });
});
