import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '../app-types';

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3 generated from the route schemas (register before any route: @fastify/swagger
 * collects them as they are added), browsable at /api/docs, raw at /api/docs/json.
 * Swagger UI's page loads only same-origin scripts and styles, so it runs under the product's
 * own CSP; validatorUrl null keeps it from calling validator.swagger.io.
 */
export async function registerDocs(app: App, info: { title: string; version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: info.title, version: info.version, description: 'Public and authenticated API under /api.' },
      tags: [
        { name: 'public', description: 'No authentication' },
        { name: 'auth', description: 'Sign-in, sessions and tokens' },
        { name: 'user', description: 'The signed-in user (bearer token and subdomain parameter)' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'access_token from POST /api/oauth/token' },
        },
      },
    },
    // Only the API is documented; static files and the SPA fallback are not.
    transform: ({ schema, url }) => ({ schema: { ...schema, hide: schema?.hide ?? !url.startsWith('/api/') }, url }),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, validatorUrl: null },
  });
}
