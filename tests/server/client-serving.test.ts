import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createTestApp, FAKE_INDEX_HTML, type TestApp } from '../helpers/test-app';

let t: TestApp;
const page = (url: string, accept = 'text/html,application/xhtml+xml') => t.app.inject({ url, headers: { accept } });

beforeAll(async () => {
  t = await createTestApp({ client: 'fake', seed: false });
});
afterAll(() => t?.close());

describe('serving the built client', () => {
  it.each(['/', '/roles', '/manager/search', '/candidate/123/profile'])('answers %s with index.html', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(FAKE_INDEX_HTML);
  });

  it('caches hashed assets for a year', async () => {
    const res = await page('/assets/app-abc123.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip file built beside an asset, by what the browser accepts', async () => {
    const script = 'console.log("app");'.repeat(100);
    const file = path.join(t.clientDir!, 'assets', 'big-abc123.js');
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    const asset = (encodings: string) =>
      t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': encodings } });

    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await asset('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers over a kilobyte for browsers that accept it, and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ url: '/api/public/version', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('keeps API paths and missing files as 404 JSON', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Not found: GET ${url}` });
    }
  });

  it('does not answer non-HTML requests with the page', async () => {
    const res = await page('/roles', 'application/json');
    expect(res.statusCode).toBe(404);
  });

  it('explains a missing client build with a 503 page', async () => {
    const app = await buildApp({ db: t.db, logLevel: false, clientDir: path.join(t.clientDir!, 'nowhere') });
    try {
      const res = await app.inject({ url: '/roles', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Client not built: run npm run build');
      expect((await app.inject('/api/public/version')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
