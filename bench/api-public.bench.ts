import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/seed/seed';
import { applicationForm } from '#server/modules/forms/form.service';
import { findOrganizationByKey } from '#server/modules/organizations/organization.repository';
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
  // What every save and submit does before checking answers: read the translation and find the
  // merged configuration (in Welsh, the product's ~880 texts under Acme's own) and its compiled form.
  const acme = (await findOrganizationByKey(db, 'acme'))!;
  await time(50, () => applicationForm(db, acme, { language: 'cy' }));
  const formEnglish = await time(500, () => applicationForm(db, acme));
  const formWelsh = await time(500, () => applicationForm(db, acme, { language: 'cy' }));
  await app.close();
  await db.destroy();
  return [
    {
      name: 'GET /api/public/organization/acme/ (inject, PGlite) p50 / p95',
      value: `${ms(profile.p50)} / ${ms(profile.p95)}`,
    },
    { name: 'GET /api/public/version (inject) p50 / p95', value: `${ms(version.p50)} / ${ms(version.p95)}` },
    {
      name: 'the form a save is checked against, English: the merged configuration and its compiled form found by the content of the layers (PGlite) p50 / p95',
      value: `${ms(formEnglish.p50)} / ${ms(formEnglish.p95)}`,
    },
    {
      name: "the same in Welsh: Acme's translation read from the database too p50 / p95",
      value: `${ms(formWelsh.p50)} / ${ms(formWelsh.p95)}`,
    },
  ];
}
