import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as contracts from '#schemas/contracts/organization-admin.contract';
import { HttpError } from '../../lib/http-error';
import type { SiteConfig } from '../../lib/site-config';
import { route } from '../../lib/route';
import { authenticate, requireRole, viewerOf } from '../../plugins/auth';
import { MAX_LOGO_BYTES, type LogoUpload } from './logo';
import {
  addContact,
  allOrganizations,
  createOrganization,
  getContact,
  listContacts,
  listOrganizations,
  organizationDetails,
  organizationReport,
  organizationUsers,
  updateContact,
  updateOrganization,
  updateOrganizationUser,
  uploadLogo,
} from './organization-admin.service';
import {
  builderFile,
  organizationData,
  productModules,
  schoolQualificationGradeSystems,
  schoolQualificationTypes,
} from './organization-data.service';

const fileProblem = (status: number, text: string) => new HttpError(status, text, [{ field: 'file', message: text }]);

/** The one file of a multipart request, read whole (the size cap stops a larger one early). */
async function readLogo(request: FastifyRequest): Promise<LogoUpload> {
  if (!request.isMultipart()) throw fileProblem(415, 'Send the logo as multipart/form-data');
  const part = await request.file();
  if (!part) throw fileProblem(400, 'Select a file');
  try {
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileProblem(413, 'The logo must be smaller than 512 KB');
    throw error;
  }
}

/**
 * Spec §7 Organization and Data calls of issue 15 part A (schemas/contracts/organization-admin.contract.ts):
 * client organisations for platform admins, an organisation's managers, contacts, report and reference lists.
 * The auth plugin answers 404 for another organisation's `:orgId` (platform admins excepted); the services
 * check who may do what.
 */
export const organizationAdminRoutes: FastifyPluginAsyncTypebox<{ siteConfig: SiteConfig }> = async (
  app,
  { siteConfig },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 2, parts: 3 } });
  app.addHook('preValidation', authenticate);
  // The calls with a body are refused before it is validated (403, not a 400 about a body the caller may not
  // send); the services check again.
  const platformAdmins = { preValidation: requireRole('ADMIN') };
  const organizationAdmins = { preValidation: requireRole('HIRING_MANAGER_ADMIN') };

  route(app, contracts.listOrganizations, async (request) =>
    listOrganizations(app.db, viewerOf(request), request.query),
  );
  route(app, contracts.allOrganizations, async (request) => allOrganizations(app.db, viewerOf(request)));
  route(
    app,
    contracts.createOrganization,
    async (request, reply) =>
      reply
        .code(201)
        .send(await createOrganization(app.db, viewerOf(request), request.body, siteConfig.product.supportEmail)),
    platformAdmins,
  );
  route(app, contracts.getOrganization, async (request) => organizationDetails(app.db, viewerOf(request)));
  route(
    app,
    contracts.updateOrganization,
    async (request) => updateOrganization(app.db, viewerOf(request), request.body),
    platformAdmins,
  );
  route(
    app,
    contracts.uploadOrganizationFile,
    async (request) => uploadLogo(app.db, viewerOf(request), await readLogo(request)),
    platformAdmins,
  );
  route(app, contracts.organizationReport, async (request) => organizationReport(app.db, viewerOf(request)));
  route(app, contracts.organizationUsers, async (request) => organizationUsers(app.db, viewerOf(request)));
  route(
    app,
    contracts.updateOrganizationUser,
    async (request) => updateOrganizationUser(app.db, viewerOf(request), request.params.userId, request.body),
    organizationAdmins,
  );
  route(app, contracts.listContacts, async (request) => listContacts(app.db, viewerOf(request)));
  route(
    app,
    contracts.addContact,
    async (request, reply) => reply.code(201).send(await addContact(app.db, viewerOf(request), request.body)),
    organizationAdmins,
  );
  route(app, contracts.getContact, async (request) => getContact(app.db, viewerOf(request), request.params.contactId));
  route(
    app,
    contracts.updateContact,
    async (request) => updateContact(app.db, viewerOf(request), request.params.contactId, request.body),
    organizationAdmins,
  );
  route(app, contracts.organizationData, async (request) =>
    organizationData(app.db, viewerOf(request), request.params.type, request.query.search),
  );
  route(app, contracts.productModules, async (request) => productModules(viewerOf(request).organization));
  route(app, contracts.schoolQualificationTypes, async (request) =>
    schoolQualificationTypes(viewerOf(request).organization),
  );
  route(app, contracts.schoolQualificationGradeSystems, async (request) =>
    schoolQualificationGradeSystems(viewerOf(request).organization),
  );
};

/** GET /api/public/builder?fileName (spec §7 Public). */
export const builderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, contracts.builderFile, async (request) => builderFile(request.query.fileName));
};
