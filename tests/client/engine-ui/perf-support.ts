import type { Configuration } from '../../../schemas/configuration';

type CustomType = 'text' | 'textarea' | 'number' | 'select' | 'radio' | 'checkboxes' | 'yesno' | 'date';

const MIX: [CustomType, number][] = [
  ['text', 150],
  ['textarea', 20],
  ['number', 30],
  ['select', 40],
  ['radio', 30],
  ['checkboxes', 10],
  ['yesno', 10],
  ['date', 10],
];

/** A role layer that asks `count` (300 by default) custom questions of every kind on one step. */
export function bigStepLayer(): Configuration {
  const custom: NonNullable<Configuration['custom']> = [];
  for (const [type, count] of MIX) {
    for (let i = 0; i < count; i += 1) {
      const id = `q${type}${i}`;
      const options = type === 'select' || type === 'radio' || type === 'checkboxes' ? ['Alpha', 'Beta', 'Gamma', 'Delta'] : undefined;
      custom.push({
        id,
        type,
        label: `Question ${custom.length + 1} (${type})`,
        hint: i % 3 === 0 ? 'A hint for this question' : undefined,
        ...(options ? { options } : {}),
        ...(type === 'textarea' ? { maxWords: 200 } : {}),
      } as NonNullable<Configuration['custom']>[number]);
    }
  }
  return { custom } as Configuration;
}
