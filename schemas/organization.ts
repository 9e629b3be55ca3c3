import { Type } from 'typebox';
import { literalUnion } from './vocabularies';
import { StageSelection } from './pipeline';
import { Configuration } from './configuration';

/** Enumerations of spec §1 and §3 that describe an organisation. */
export const REGIONS = ['UK', 'OZ', 'HK', 'GCC', 'OTHER'] as const;
export const Region = literalUnion(REGIONS);
export type Region = Type.Static<typeof Region>;

export const PRODUCT_TYPES = ['ATS', 'VANTAGE', 'CRSAO'] as const;
export const ProductType = literalUnion(PRODUCT_TYPES);
export type ProductType = Type.Static<typeof ProductType>;

/** The five editions the product is sold in (spec §1). */
export const EDITIONS = ['ats', 'lateral', 'connect', 'contextual', 'internal'] as const;
export const Edition = literalUnion(EDITIONS);
export type Edition = Type.Static<typeof Edition>;

export const TIERS = [
  'Bar',
  'Tier 1',
  'Tier 2',
  'Tier 3',
  'Tier 4',
  'Candid Essentials',
  'Candid Essentials Plus',
] as const;
export const Tier = literalUnion(TIERS);
export type Tier = Type.Static<typeof Tier>;

const HexColour = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'a colour as #rrggbb' });

export const ThemeConfiguration = Type.Object(
  {
    logoWidth: Type.Integer({ minimum: 16, maximum: 600, description: 'logo width in CSS pixels' }),
    logoMargin: Type.String({ maxLength: 40, pattern: '^[0-9a-z. %-]*$', description: 'CSS margin around the logo' }),
    headerBGcolour: HexColour,
    secondary: HexColour,
  },
  { additionalProperties: false },
);
export type ThemeConfiguration = Type.Static<typeof ThemeConfiguration>;

export const Language = Type.Object(
  {
    code: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }),
    name: Type.String({ minLength: 1, maxLength: 60 }),
  },
  { additionalProperties: false },
);
export type Language = Type.Static<typeof Language>;

export const Sector = Type.Object(
  { id: Type.Integer({ minimum: 1 }), name: Type.String({ minLength: 1, maxLength: 120 }) },
  { additionalProperties: false },
);
export type Sector = Type.Static<typeof Sector>;

export { Configuration } from './configuration';

/** The most parts an organisation's SMS template may take (decision 0060): spec §5's 3 unless it sets another. */
export const DEFAULT_SMS_SEGMENT_LIMIT = 3;
/** The highest limit an organisation may set: a 10-part SMS already costs ten messages to every candidate. */
export const MAX_SMS_SEGMENT_LIMIT = 10;
export const SmsSegmentLimit = Type.Integer({
  minimum: 1,
  maximum: MAX_SMS_SEGMENT_LIMIT,
  description: 'the most parts an SMS template may take',
});

export const OrganizationSettings = Type.Object(
  {
    gtmId: Type.Optional(Type.String({ pattern: '^GTM-[A-Z0-9]{4,12}$' })),
    sessionTimeout: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'minutes' })),
    hr: Type.Optional(
      Type.Object({ dontUseFetchCandidatesLambda: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ),
    countryBase: Type.Optional(Region),
    subdomainRestricted: Type.Optional(Type.Boolean({ description: 'sign-up closed to the public' })),
    otpRequired: Type.Optional(
      Type.Boolean({ description: 'every user signs in with a one-time password sent by email' }),
    ),
    smsSegmentLimit: Type.Optional(SmsSegmentLimit),
  },
  { additionalProperties: false },
);
export type OrganizationSettings = Type.Static<typeof OrganizationSettings>;

/** Organisation profile that any visitor of the organisation's hosts may read. */
export const PublicOrganization = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
  productType: ProductType,
  edition: Edition,
  tier: Tier,
  sector: Sector,
  countryBase: Region,
  supportEmail: Type.String(),
  logoUrl: Type.String(),
  themeConfiguration: ThemeConfiguration,
  additionalLanguageSupport: Type.Array(Language),
  settings: Type.Object({
    gtmId: Type.Optional(Type.String()),
    sessionTimeout: Type.Optional(Type.Integer()),
    subdomainRestricted: Type.Boolean(),
    /** Sign-in needs the password and an emailed code: no one-factor way in is offered (decision 0046). */
    otpRequired: Type.Optional(Type.Boolean()),
    /** The organisation's own SMS limit in parts, when it sets one (the editor counts with smsSegmentLimit). */
    smsSegmentLimit: Type.Optional(Type.Integer()),
  }),
  /** defaultConfiguration and formConfiguration without their hiring-side ('hr') part. */
  defaultConfiguration: Configuration,
  formConfiguration: Configuration,
});
export type PublicOrganization = Type.Static<typeof PublicOrganization>;

export const USER_TYPES = [
  'CANDIDATE',
  'ANONYMOUS_CANDIDATE',
  'HIRING_MANAGER',
  'HIRING_MANAGER_ADMIN',
  'ADMIN',
] as const;
export const UserType = literalUnion(USER_TYPES);
export type UserType = Type.Static<typeof UserType>;

export const DemoUser = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 255 }),
    password: Type.String({ minLength: 8, maxLength: 128 }),
    userType: UserType,
    firstName: Type.String({ minLength: 1, maxLength: 255 }),
    lastName: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type DemoUser = Type.Static<typeof DemoUser>;

/** An organisation's subdomain: the first host label on the apply side and the `:sub` of public calls. */
export const Subdomain = Type.String({ pattern: '^[a-z][a-z0-9-]{1,40}$', description: 'organisation subdomain' });
export type Subdomain = Type.Static<typeof Subdomain>;

/** One demo organisation as written in configs/organizations/<subdomain>/organization.json. */
export const OrganizationFile = Type.Object(
  {
    subdomain: Subdomain,
    name: Type.String({ minLength: 1, maxLength: 255 }),
    productType: ProductType,
    edition: Edition,
    tier: Tier,
    sector: Sector,
    countryBase: Region,
    rareContact: Type.Boolean(),
    supportEmail: Type.String({ format: 'email' }),
    logo: Type.String({ pattern: '^[a-z0-9-]+\\.(svg|png)$', description: 'file beside organization.json' }),
    themeConfiguration: ThemeConfiguration,
    additionalLanguageSupport: Type.Array(Language),
    settings: OrganizationSettings,
    defaultConfiguration: Configuration,
    formConfiguration: Configuration,
    /** The hiring pipeline: stage ids of configs/stages.json in order, optionally customised. */
    stages: StageSelection,
    demoUsers: Type.Array(DemoUser),
  },
  { additionalProperties: false },
);
export type OrganizationFile = Type.Static<typeof OrganizationFile>;
