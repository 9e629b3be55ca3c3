/*
 * Public reads kept in the process (decision 0056): the organisation named by a subdomain or id, and
 * what the careers site reads of it (its open roles, a role page, the filter values, its translations).
 *
 * Each organisation has a generation; every write that changes what the public sees of it calls
 * `organizationChanged`, which moves the generation on, so every entry of that organisation stops being
 * answered at once. An entry is stored under the generation seen before its read began, so a read that
 * overlapped a change is never kept as current. Entries also end after `LIFETIME_MS` (a bound on a change
 * made by SQL by hand) or earlier when the read says so (a role's deadline passing).
 *
 * Several API nodes on one PostgreSQL database (decision 0073): `organizationChanged` also sends the
 * organisation's id on the `organization_changed` channel (NOTIFY, delivered at commit), and every node follows
 * that channel (`followOrganizationChanges`) and moves the same generation on. While a node's listening
 * connection is down it keeps nothing (it cannot know what it missed) and reads through to the database.
 *
 * The stores are per database handle (tests open many databases with the same subdomains); the
 * generations are by organisation id, which no two databases share.
 */
import { sql } from 'kysely';
import type { Db } from '../db/client';
import { listenOnChannel, type ChannelListener } from '../db/notifications';

const LIFETIME_MS = 30_000;
/** Beyond this many entries in one database's store, the oldest are dropped. */
const MAX_ENTRIES = 5_000;

interface Entry {
  value: unknown;
  organizationId: string;
  generation: number;
  validUntil: number;
}

const generations = new Map<string, number>();
/** Moves on with every change to any organisation: a look-up by key cannot know its id before it reads. */
let changes = 0;
const stores = new WeakMap<Db, Map<string, Entry>>();
/** Databases whose changes channel is not being heard right now: nothing of theirs is kept or answered. */
const deaf = new WeakSet<Db>();
const CHANNEL = 'organization_changed';

const generationOf = (organizationId: string): number => generations.get(organizationId) ?? 0;

function moveOn(organizationId: string): void {
  generations.set(organizationId, generationOf(organizationId) + 1);
  changes += 1;
}

/**
 * Call after every write that changes what the public sees of the organisation: this node forgets it at once,
 * and the other nodes when the write commits (called inside a transaction, the notice leaves with the commit).
 */
export async function organizationChanged(db: Db, organizationId: string): Promise<void> {
  moveOn(organizationId);
  await sql`select pg_notify(${CHANNEL}, ${organizationId})`.execute(db);
}

/**
 * Hears the other nodes' `organizationChanged` on PostgreSQL until closed (on PGlite, which one process owns, only its
 * own, already heard). A lost connection empties this database's store and keeps nothing until it listens again.
 */
export async function followOrganizationChanges(
  db: Db,
  log: { warn: (message: string) => void },
): Promise<Pick<ChannelListener, 'close'>> {
  const listener = await listenOnChannel(db, CHANNEL, {
    message: moveOn,
    lost: () => {
      deaf.add(db);
      stores.delete(db);
      log.warn('Public cache: the organisation changes channel was lost; reading through until it is back');
    },
    resumed: () => {
      deaf.delete(db);
      log.warn('Public cache: listening to organisation changes again');
    },
  });
  return listener ?? { close: async () => undefined };
}

/** This database's store, or none while its changes are not heard. */
function storeOf(db: Db): Map<string, Entry> | undefined {
  if (deaf.has(db)) return undefined;
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  return store;
}

function current(store: Map<string, Entry> | undefined, key: string): Entry | undefined {
  const entry = store?.get(key);
  if (!entry) return undefined;
  if (entry.generation === generationOf(entry.organizationId) && Date.now() < entry.validUntil) return entry;
  store!.delete(key);
  return undefined;
}

function keep(store: Map<string, Entry> | undefined, key: string, entry: Entry): void {
  if (!store) return;
  store.delete(key);
  store.set(key, entry);
  if (store.size > MAX_ENTRIES) store.delete(store.keys().next().value!);
}

/** What a read answers, and until when it stays true if nothing is written (a deadline); now + lifetime if absent. */
export interface Read<T> {
  value: T;
  validUntil?: number;
}

/**
 * The organisation named by `key` (subdomain or id), read through `read` at most once per generation.
 * An unknown key is not kept (a new organisation is found as soon as it exists).
 */
export async function cachedOrganization<T extends { id: string }>(
  db: Db,
  key: string,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const store = storeOf(db);
  const storeKey = `organization\u0000${key}`;
  const hit = current(store, storeKey);
  if (hit) return hit.value as T;
  const changesBefore = changes;
  const organization = await read();
  if (organization && changes === changesBefore) {
    const entry = { value: organization, organizationId: organization.id, validUntil: Date.now() + LIFETIME_MS };
    keep(store, storeKey, { ...entry, generation: generationOf(organization.id) });
  }
  return organization;
}

/**
 * A public read of one organisation (`what` names it and its arguments), read through `read` at most once
 * per generation and lifetime. A read that throws (a 404) is not kept.
 */
export async function cachedPublicRead<T>(
  db: Db,
  organizationId: string,
  what: string,
  read: () => Promise<Read<T>>,
): Promise<T> {
  const store = storeOf(db);
  const storeKey = `${organizationId}\u0000${what}`;
  const hit = current(store, storeKey);
  if (hit) return hit.value as T;
  const generation = generationOf(organizationId);
  const { value, validUntil } = await read();
  const until = Math.min(validUntil ?? Infinity, Date.now() + LIFETIME_MS);
  keep(store, storeKey, { value, organizationId, generation, validUntil: until });
  return value;
}
