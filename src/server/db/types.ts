import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  Configuration,
  Edition,
  Language,
  OrganizationSettings,
  ProductType,
  Region,
  Sector,
  ThemeConfiguration,
  Tier,
  UserType,
} from '../../../schemas/organization';

/**
 * jsonb columns are read as parsed values but must be WRITTEN as JSON text (see `json()` in
 * db/json.ts): node-postgres turns a JS array parameter into a PostgreSQL array literal, which
 * jsonb rejects, while text works on both pg and PGlite.
 */
export type Json<T> = ColumnType<T, string, string>;

/** bytea arrives as a Buffer through pg and a Uint8Array through PGlite; Buffer is a Uint8Array. */
export type Bytes = Uint8Array;

/** Database default now(); Date on read, Date or ISO text on write. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: Generated<string>;
  subdomain: string;
  name: string;
  product_type: ProductType;
  edition: Edition;
  tier: Tier;
  sector: Json<Sector>;
  country_base: Region;
  rare_contact: Generated<boolean>;
  support_email: string;
  theme_configuration: Json<ThemeConfiguration>;
  default_configuration: ColumnType<Configuration, string | undefined, string>;
  form_configuration: ColumnType<Configuration, string | undefined, string>;
  settings: ColumnType<OrganizationSettings, string | undefined, string>;
  additional_language_support: ColumnType<Language[], string | undefined, string>;
  logo: Bytes | null;
  logo_content_type: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TranslationsTable {
  organization_id: string;
  language_code: string;
  configuration: ColumnType<Configuration, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  /** null for platform admins, who belong to no organisation. */
  organization_id: string | null;
  email: string;
  /** null until a password is set (anonymous candidates, invitations). */
  password_hash: string | null;
  user_type: UserType;
  first_name: string | null;
  preferred_name: string | null;
  last_name: string | null;
  email_verified_at: Date | null;
  otp_required: Generated<boolean>;
  candidate_status: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  organizations: OrganizationsTable;
  translations: TranslationsTable;
  users: UsersTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganizationRow = Insertable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
