import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCount } from '#server/db/json';
import { migrate, MigrationError } from '#server/db/migrate';
import { migrations } from '#server/db/migrations/index';
import { seedDemoData } from '#server/seed/seed';
import { verifyPassword } from '#server/lib/password';
import { createTestDb, type TestDb } from '../helpers/test-db';

let t: TestDb;

beforeAll(async () => {
  t = await createTestDb({ migrate: false });
});
afterAll(() => t?.close());

const count = async (table: 'organizations' | 'users' | 'roles') =>
  toCount(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations', () => {
  it('run on an empty database, and a second run is a no-op', async () => {
    expect(await migrate(t.db)).toEqual(Object.keys(migrations));
    expect(await migrate(t.db)).toEqual([]);
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(t.db);
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['organizations', 'translations', 'users', 'kysely_migration']),
    );
  });

  it('report the name of a failing migration and leave the database as it was', async () => {
    const broken = {
      getMigrations: async () => ({
        ...migrations,
        '9999-broken': { up: async (db: Kysely<unknown>) => void (await sql`select * from no_such_table`.execute(db)) },
      }),
    };
    const error = await migrate(t.db, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migrationName).toBe('9999-broken');
    expect((error as MigrationError).message).toMatch(/^9999-broken: .*no_such_table/);
    expect(await migrate(t.db)).toEqual([]);
  });
});

describe('demo seed', () => {
  it('creates the five organisations and their demo users once', async () => {
    const first = await seedDemoData(t.db);
    expect(first.organizationsCreated).toEqual(['acme', 'connect', 'hartley', 'meridian', 'northbridge']);
    expect(first.usersCreated).toHaveLength(16);
    expect(first.rolesCreated).toHaveLength(34);
    expect(first.rolesCreated).toContain('acme/graduate-consultant-strategy');

    const second = await seedDemoData(t.db);
    expect(second).toEqual({ organizationsCreated: [], usersCreated: [], rolesCreated: [] });
    expect(await count('organizations')).toBe(5);
    expect(await count('users')).toBe(16);
    expect(await count('roles')).toBe(34);
  });

  it('never overwrites an organisation edited in the product', async () => {
    await t.db.updateTable('organizations').set({ name: 'Acme Renamed' }).where('subdomain', '=', 'acme').execute();
    await seedDemoData(t.db);
    const acme = await t.db
      .selectFrom('organizations')
      .select('name')
      .where('subdomain', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(acme.name).toBe('Acme Renamed');
  });

  it('stores argon2id hashes, platform admins without an organisation, and logos', async () => {
    const hr = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'hr@acme.example')
      .executeTakeFirstOrThrow();
    expect(hr.user_type).toBe('HIRING_MANAGER_ADMIN');
    expect(hr.organization_id).not.toBeNull();
    expect(hr.email_verified_at).toBeInstanceOf(Date);
    expect(await verifyPassword(hr.password_hash!, 'CandidDemo#2026')).toBe(true);

    const admin = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'admin@candid.example')
      .executeTakeFirstOrThrow();
    expect(admin.user_type).toBe('ADMIN');
    expect(admin.organization_id).toBeNull();

    const logo = await t.db
      .selectFrom('organizations')
      .select(['logo', 'logo_content_type'])
      .where('subdomain', '=', 'connect')
      .executeTakeFirstOrThrow();
    expect(logo.logo_content_type).toBe('image/svg+xml');
    expect(Buffer.from(logo.logo!).toString('utf8')).toMatch(/^<svg/);
  });

  it('keeps emails unique whatever their case, and user types to the five known', async () => {
    const org = await t.db
      .selectFrom('organizations')
      .select('id')
      .where('subdomain', '=', 'acme')
      .executeTakeFirstOrThrow();
    await expect(
      t.db
        .insertInto('users')
        .values({ organization_id: org.id, email: 'HR@Acme.Example', user_type: 'CANDIDATE' })
        .execute(),
    ).rejects.toThrow(/users_email_lower_key/);
    await expect(
      t.db
        .insertInto('users')
        .values({ organization_id: org.id, email: 'new@acme.example', user_type: 'OWNER' as 'ADMIN' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
