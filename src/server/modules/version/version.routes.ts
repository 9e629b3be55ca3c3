import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VersionInfo } from '#schemas/api';
import { versionInfo } from './version.service';

export const versionRoutes: FastifyPluginAsyncTypebox<{ commit: string | null }> = async (app, { commit }) => {
  const info = versionInfo(commit);
  app.get(
    '/version',
    {
      schema: {
        tags: ['public'],
        summary: 'Name, version and commit of the running server',
        response: { 200: VersionInfo },
      },
    },
    async () => info,
  );
};
