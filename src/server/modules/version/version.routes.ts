import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contracts from '#schemas/contracts/site.contract';
import { route } from '../../lib/route';
import { versionInfo } from './version.service';

export const versionRoutes: FastifyPluginAsyncTypebox<{ commit: string | null }> = async (app, { commit }) => {
  const info = versionInfo(commit);
  route(app, contracts.version, async () => info);
};
