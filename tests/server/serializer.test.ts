import fc from 'fast-check';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { CandidateListItem } from '#schemas/search';
import { STAGE_STATUSES } from '#schemas/vocabularies';
import { serializerCompiler, withNullableTypes } from '#server/lib/serializer';

/*
 * Answers are written from their schemas with nullable fields typed `[T, 'null']` (lib/serializer, decision 0091):
 * the JSON must be exactly what the schema as written gives, for every value, null or not.
 */
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
const item = fc.record({
  id: fc.uuid(),
  candidateId: fc.uuid(),
  name: fc.string(),
  email: nullable(fc.emailAddress()),
  roleId: fc.uuid(),
  roleName: fc.string(),
  stageId: nullable(fc.integer()),
  stageName: nullable(fc.string()),
  substageId: nullable(fc.string()),
  substageName: nullable(fc.string()),
  stageStatus: nullable(fc.constantFrom(...STAGE_STATUSES)),
  step: fc.integer(),
  source: fc.string(),
  location: nullable(fc.string()),
  universityName: nullable(fc.string()),
  universityGroups: fc.array(fc.string()),
  degreeClass: nullable(fc.string()),
  averagePercent: nullable(fc.double({ noNaN: true, noDefaultInfinity: true })),
  totalScore: nullable(fc.double({ noNaN: true, noDefaultInfinity: true })),
  matched: fc.boolean(),
  assignee: nullable(fc.record({ id: fc.uuid(), name: fc.string() })),
  appliedAt: nullable(date.map((d) => d.toISOString())),
  lastChangeAt: date.map((d) => d.toISOString()),
});

describe('answers written with nullable types', () => {
  it("write the same JSON as the schema as written, and the value's own JSON", () => {
    const asWritten = fastJsonStringify(CandidateListItem);
    const byType = serializerCompiler({ schema: CandidateListItem });
    fc.assert(
      fc.property(item, (value) => {
        const json = byType(value);
        expect(json).toBe(asWritten(value));
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('type a nullable plain type, keep every other union, and leave the schema given as it was', () => {
    const before = JSON.stringify(CandidateListItem);
    const schema = withNullableTypes(CandidateListItem) as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.email).toEqual({ type: ['string', 'null'] });
    expect(schema.properties.appliedAt).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(schema.properties.assignee!.type).toEqual(['object', 'null']);
    expect(schema.properties.stageStatus!.anyOf).toBeDefined();
    expect(JSON.stringify(CandidateListItem)).toBe(before);
  });
});
