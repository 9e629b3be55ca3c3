import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../app-types';
import { isApiPath, pathOf } from '../lib/api-paths';
import { REPO_ROOT } from '../paths';

/** Answers a page request that matched no route or file. */
export type AppPageHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Client not built</title></head>
<body><h1>Client not built: run npm run build</h1>
<p>The API is running under <a href="/api/docs">/api/docs</a>; the web client has not been built yet.</p></body></html>`;

/**
 * Production: the built client from `dir`. Hashed files under /assets are cached for a year;
 * index.html (and any other file) is revalidated every time so a deploy is picked up at once.
 * The returned handler serves index.html for client-side routes, or a 503 page naming the fix
 * when the client has not been built (checked per request, so building later needs no restart).
 */
export async function registerStaticClient(app: App, clientDir: string): Promise<AppPageHandler> {
  const dir = path.resolve(clientDir);
  const index = path.join(dir, 'index.html');
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: 'index.html',
    dotfiles: 'ignore',
    cacheControl: false,
    // The .br and .gz files written beside each built file (scripts/precompress.ts), chosen by Accept-Encoding.
    preCompressed: true,
    suppressWarning: true,
    allowedPath: (pathName) => !isApiPath(pathName),
    setHeaders: (reply, filePath) => {
      const isAsset = path.relative(dir, filePath).split(path.sep)[0] === 'assets';
      reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (_request, reply) => {
    if (!existsSync(index)) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.code(200).sendFile('index.html');
  };
}

/**
 * Development (`--dev`): Vite in middleware mode serves the client with hot reload. Every
 * non-/api request is handed to Vite before Fastify routes it (and before the security
 * headers, whose CSP would block Vite's inline React-refresh preamble). Vite serves source
 * files by their path under src/client, so src/client/api/*.ts arrive as /api/*.ts: an /api
 * path naming an existing client file is Vite's too (no API route names a file).
 */
export async function registerViteClient(app: App): Promise<void> {
  // Imported here so production never loads Vite.
  const { createServer } = await import('vite');
  const root = path.join(REPO_ROOT, 'src/client');
  const isClientFile = (url: string): boolean => {
    const file = path.join(root, decodeURIComponent(pathOf(url)));
    return file.startsWith(root + path.sep) && existsSync(file);
  };
  const vite = await createServer({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    root,
    appType: 'spa',
    // HMR's websocket shares the API's port instead of opening its own.
    server: { middlewareMode: true, ws: { server: app.server } },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url) && !isClientFile(request.url)) return done();
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      if (!reply.raw.headersSent) reply.raw.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    });
  });
  app.addHook('onClose', async () => vite.close());
}
