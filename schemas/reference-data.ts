import { Type } from 'typebox';

export const UniversityGroup = Type.Union([
  Type.Literal('RUSSELL'),
  Type.Literal('NON_RUSSELL'),
  Type.Literal('OXBRIDGE'),
  Type.Literal('GO8'),
]);
export type UniversityGroup = Type.Static<typeof UniversityGroup>;

export const University = Type.Object({
  id: Type.String(),
  name: Type.String(),
  region: Type.String({ description: 'UK, OZ, HK or GCC' }),
  groups: Type.Array(UniversityGroup),
});
export type University = Type.Static<typeof University>;

/** A university as shipped in configs/reference-data/universities.json: the year it joined each dated group. */
export const UniversityEntry = Type.Object({
  ...University.properties,
  joined: Type.Optional(Type.Partial(Type.Object({ RUSSELL: Type.Integer(), GO8: Type.Integer() }))),
});
export type UniversityEntry = Type.Static<typeof UniversityEntry>;

export const Country = Type.Object({ code: Type.String({ description: 'ISO 3166-1 alpha-2' }), name: Type.String() });
export type Country = Type.Static<typeof Country>;

export const School = Type.Object({
  id: Type.String(),
  name: Type.String(),
  area: Type.String(),
  country: Type.String(),
  schoolType: Type.String(),
});
export type School = Type.Static<typeof School>;

/** A search over a long list: a term (matched case-insensitively anywhere in the name) and a cap. */
export const ListSearch = Type.Object({
  term: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
});

export const PostCodeCheck = Type.Object({ postCode: Type.String(), valid: Type.Literal(true) });

/** One entry of a reference list by type (spec §3 Reference data lists; permitType is {id, value}). */
export const ReferenceItem = Type.Object({ id: Type.String(), value: Type.String() });
export type ReferenceItem = Type.Static<typeof ReferenceItem>;

/** GET /api/v1/data/degrees: degree types and classes (spec §3 DEGREE_TYPE, DEGREE_CLASS). */
export const Degrees = Type.Object({ types: Type.Array(Type.String()), classes: Type.Array(Type.String()) });
export type Degrees = Type.Static<typeof Degrees>;

/** Universities for an organisation: a term, a graduation or start year, a region and a group. */
export const UniversitySearch = Type.Object({
  ...ListSearch.properties,
  region: Type.Optional(
    Type.Union([
      Type.Literal('UK'),
      Type.Literal('OZ'),
      Type.Literal('HK'),
      Type.Literal('GCC'),
      Type.Literal('OTHER'),
    ]),
  ),
  group: Type.Optional(UniversityGroup),
  year: Type.Optional(
    Type.Integer({
      minimum: 1950,
      maximum: 2100,
      description:
        'groups as they stood that year (a start or graduation year): Russell Group members from the year they joined (1994, 1998, 2006, 2012), Go8 from 1999; a UK university outside the Russell Group that year is NON_RUSSELL. The list records no founding dates, so no university is left out by year',
    }),
  ),
});
