import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { seedDemoData } from '../src/server/db/seed';
import { ms, time, type Figure } from './support';

/** The public organisation profile through the whole Fastify stack (inject), on in-memory PGlite. */
export async function benchPublicApi(): Promise<Figure[]> {
  const db = await openDatabase({ kind: 'memory' });
  await migrate(db);
  await seedDemoData(db);
  const app = await buildApp({ db, logLevel: false, clientDir: null });
  await app.ready();
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } });
  await time(50, () => get('/api/public/organization/acme/'));
  const profile = await time(1000, () => get('/api/public/organization/acme/'));
  const version = await time(1000, () => get('/api/public/version'));
  await app.close();
  await db.destroy();
  return [
    { name: 'GET /api/public/organization/acme/ (inject, PGlite) p50 / p95', value: `${ms(profile.p50)} / ${ms(profile.p95)}` },
    { name: 'GET /api/public/version (inject) p50 / p95', value: `${ms(version.p50)} / ${ms(version.p95)}` },
  ];
}
