import productDefault from '#configs/default-configuration.json';
import {
  compile,
  compileUncached,
  mergeConfigurations,
  sealConfiguration,
  validateStep,
  type CompileContext,
  compiledChecks,
} from '#engine';
import type { Configuration, CustomQuestion } from '#schemas/configuration';
import { ms, time, type Figure } from './support';

const CONTEXT: CompileContext = { language: 'en', edition: 'ats', userType: 'CANDIDATE', today: '2026-11-21' };
const TYPES: CustomQuestion['type'][] = [
  'text',
  'textarea',
  'number',
  'select',
  'radio',
  'checkboxes',
  'yesno',
  'date',
];

/** The product default plus custom questions: a configuration of `fields` visible fields in all. */
function largeConfiguration(fields: number): Configuration {
  const catalogueFields = compile(productDefault as Configuration, CONTEXT).steps.reduce(
    (n, s) => n + s.fieldIds.length,
    0,
  );
  const custom: CustomQuestion[] = Array.from({ length: Math.max(0, fields - catalogueFields) }, (_, i) => {
    const type = TYPES[i % TYPES.length]!;
    const needsOptions = type === 'select' || type === 'radio' || type === 'checkboxes';
    return {
      id: `question${i}`,
      type,
      label: `Question ${i + 1}: tell us about item ${i}`,
      hint: 'Answer briefly',
      ...(needsOptions ? { options: ['First', 'Second', 'Third', 'Fourth'] } : {}),
      ...(type === 'textarea' ? { maxWords: 200 } : {}),
    };
  });
  return mergeConfigurations(productDefault as Configuration, { custom });
}

export async function benchEngineCompile(): Promise<Figure[]> {
  const configuration = largeConfiguration(300);
  const firstStart = performance.now();
  const form = compileUncached(configuration, CONTEXT);
  const first = performance.now() - firstStart;
  const fieldCount = form.steps.reduce((n, s) => n + s.fieldIds.length, 0);
  const cold = await time(200, () => compileUncached(configuration, CONTEXT));
  compile(configuration, CONTEXT);
  const cached = await time(2000, () => compile(configuration, CONTEXT));
  const sealed = sealConfiguration(configuration);
  compile(sealed, CONTEXT);
  const cachedSealed = await time(2000, () => compile(sealed, CONTEXT));
  const copies = Array.from({ length: 200 }, () => structuredClone(configuration));
  const cachedEqual = await time(copies.length, (i) => compile(copies[i]!, CONTEXT));
  const questions = form.steps.find((s) => s.id === 'questions')!;
  validateStep(form, 'questions', {}, compiledChecks);
  const validation = await time(500, (i) =>
    validateStep(form, 'questions', { question0: `answer ${i}` }, compiledChecks),
  );
  return [
    {
      name: `compile, ${fieldCount} fields, first call in a fresh process`,
      value: ms(first),
      note: 'includes JIT warm-up of the engine code',
    },
    {
      name: `compile, ${fieldCount} fields, cold (uncached) p50 / p95`,
      value: `${ms(cold.p50)} / ${ms(cold.p95)}`,
      target: '< 10 ms',
      met: cold.p95 < 10,
    },
    {
      name: `compile, ${fieldCount} fields, cached, same configuration object p50 / p95`,
      value: `${ms(cached.p50)} / ${ms(cached.p95)}`,
    },
    {
      name: `compile, ${fieldCount} fields, cached, sealed configuration (sealConfiguration) p50 / p95`,
      value: `${ms(cachedSealed.p50)} / ${ms(cachedSealed.p95)}`,
      note: 'known by identity, as the server keeps its merged configurations; an unsealed one is keyed by its content, so one changed in place compiles afresh',
    },
    {
      name: `compile, ${fieldCount} fields, cached, equal configuration (a new object) p50 / p95`,
      value: `${ms(cachedEqual.p50)} / ${ms(cachedEqual.p95)}`,
      note: 'hash of the inputs + map look-up',
    },
    {
      name: `validate the ${questions.fieldIds.length}-field step p50 / p95`,
      value: `${ms(validation.p50)} / ${ms(validation.p95)}`,
      note: 'Ajv validator compiled once per schema',
    },
  ];
}
