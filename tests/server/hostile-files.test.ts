import { zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord, DocumentRef } from '#schemas/application';
import { signIn, v1 } from '../helpers/auth';
import { expectRecord, newCandidate, PDF, PNG, roleIdByName, upload } from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * Hostile files (issue 19, decision 0071): each is refused with a message that says what to do, or
 * neutralised, and nothing is stored for a refused one; every download is an attachment with a
 * safe name and `nosniff`. The hostile bytes are made here (fflate builds the zips and Word files).
 */

let t: TestApp;
let strategy: string;
let admin: string;
let acmeId: string;
beforeAll(async () => {
  t = await createTestApp();
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  admin = (await signIn(t.app, 'admin@candid.example')).access_token;
  acmeId = (
    await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/** A small Word document as Word writes one: a zip of XML parts. */
function docx(documentXml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document/>', extra = {}) {
  return zipSync({
    '[Content_Types].xml': text('<?xml version="1.0" encoding="UTF-8"?><Types/>'),
    '_rels/.rels': text('<?xml version="1.0" encoding="UTF-8"?><Relationships/>'),
    'word/document.xml': text(documentXml),
    ...extra,
  });
}

/** A Java archive, to append to an image or a PDF (the "GIFAR" trick). */
const JAR = zipSync({
  'META-INF/MANIFEST.MF': text('Manifest-Version: 1.0\n'),
  'Evil.class': text('\xca\xfe\xba\xbe'),
});

async function draft() {
  const candidate = await newCandidate(t.app, t.db, 'acme', 'hostile');
  const record = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${strategy}`), 201);
  return { token: candidate.token, id: record.id };
}

const storedDocuments = async (applicationId: string) =>
  (await t.db.selectFrom('documents').select('id').where('application_id', '=', applicationId).execute()).length;

const cv = (token: string, id: string, name: string, type: string, bytes: Uint8Array) =>
  upload(t.app, token, `/candidate/${id}/cv`, { field: 'cv', name, type, bytes });

const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

describe('hostile documents (PUT /candidate/:id/cv)', () => {
  const refusals: Array<[string, string, string, Uint8Array, number, string]> = [
    [
      'an SVG with script',
      'cv.svg',
      'image/svg+xml',
      text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>'),
      415,
      'The selected file must be a PDF, DOC or DOCX',
    ],
    [
      'HTML named .pdf',
      'cv.pdf',
      'application/pdf',
      text('<!doctype html><html><body><script>fetch("/api/v1/user")</script></body></html>'),
      415,
      'The selected file must be a PDF, DOC or DOCX',
    ],
    [
      'JavaScript named .pdf',
      'cv.pdf',
      'application/pdf',
      text('fetch("/api/v1/user").then((r) => r.text()).then(alert)'),
      415,
      'The selected file must be a PDF, DOC or DOCX',
    ],
    [
      'a PDF/HTML polyglot',
      'cv.pdf',
      'application/pdf',
      text('%PDF-1.4\n%<html><body><script>alert(1)</script></body></html>\n1 0 obj << >> endobj\n%%EOF\n'),
      415,
      'The selected file has hidden content (web page code or another file inside it): save it again as a PDF and upload that',
    ],
    [
      'a PDF with a Java archive appended (GIFAR-style)',
      'cv.pdf',
      'application/pdf',
      concat(PDF, JAR),
      415,
      'The selected file has hidden content (web page code or another file inside it): save it again as a PDF and upload that',
    ],
    [
      'a Word document declaring an external entity (XXE)',
      'cv.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      docx(
        '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:document>&xxe;</w:document>',
      ),
      415,
      'The selected file is a damaged or unsafe Word document: save it again in Word and upload that',
    ],
    [
      'a JSON body instead of a file',
      'cv.pdf',
      'application/json',
      new Uint8Array(0),
      415,
      'Send the file as multipart/form-data',
    ],
  ];

  it.each(refusals)(
    'refuses %s with a clear message, storing nothing',
    async (_case, name, type, bytes, status, text) => {
      const { token, id } = await draft();
      const res =
        type === 'application/json'
          ? await v1(t.app, token, 'PUT', `/candidate/${id}/cv`, { file: 'JVBERi0=' })
          : await cv(token, id, name, type, bytes);
      expect(res.statusCode, res.body).toBe(status);
      expect(messageOf(res)).toBe(text);
      expect(await storedDocuments(id)).toBe(0);
    },
  );

  it('refuses a Word document that expands to gigabytes (a zip bomb), quickly', { timeout: 90_000 }, async () => {
    const { token, id } = await draft();
    // 110 MB of zeros deflate to about 110 kB; the server refuses past 100 MB expanded.
    const bomb = docx(undefined, { 'word/media/image1.bin': [new Uint8Array(110 * 1024 * 1024), { level: 1 }] });
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    // The same, its local header claiming 1 kB: the server counts what comes out rather than trust it.
    const lying = Buffer.from(bomb);
    const header = lying.indexOf('word/media/image1.bin') - 30;
    lying.writeUInt32LE(1024, header + 22);
    for (const file of [bomb, lying]) {
      const started = Date.now();
      const res = await cv(token, id, 'cv.docx', 'application/octet-stream', file);
      expect(res.statusCode, res.body).toBe(415);
      expect(messageOf(res)).toBe(
        'The selected file is a damaged or unsafe Word document: save it again in Word and upload that',
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect(await storedDocuments(id)).toBe(0);
  });

  it('refuses a 100 MB upload with 413 and the size limit', async () => {
    const { token, id } = await draft();
    const res = await cv(token, id, 'cv.pdf', 'application/pdf', concat(PDF, new Uint8Array(100 * 1024 * 1024)));
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toBe('The selected file must be smaller than 5 MB');
    expect(await storedDocuments(id)).toBe(0);
  });

  it('accepts a real Word document and a plain PDF (no false alarm)', async () => {
    const { token, id } = await draft();
    const word = await cv(token, id, 'cv.docx', 'application/octet-stream', docx());
    expect(word.statusCode, word.body).toBe(201);
    const pdf = await cv(token, id, 'cv.pdf', 'application/pdf', PDF);
    expect(pdf.statusCode, pdf.body).toBe(201);
    // A document that compresses well is not a bomb: 1 MB of repetitive text.
    const long = docx(`<?xml version="1.0"?><w:document>${'<w:p>Experience</w:p>'.repeat(50_000)}</w:document>`);
    expect((await cv(token, id, 'long.docx', 'application/octet-stream', long)).statusCode).toBe(201);
  });
});

describe('file names and downloads', () => {
  it('stores names without paths, control or invisible characters, and sends every file as a safe attachment', async () => {
    const { token, id } = await draft();
    const names: Array<[string, string]> = [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\boot.ini\\cv.pdf', 'cv.pdf'],
      ['cv\u0001\u0007\u001b[31m.pdf', 'cv[31m.pdf'],
      ['\u202efdp.exe', 'fdp.exe'],
      ['..', 'document'],
      ['Zoë (final) it\u2019s.pdf', 'Zoë (final) it\u2019s.pdf'],
    ];
    for (const [sent, stored] of names) {
      // Claimed as a web page; the content is a PDF, so it is stored and served as one.
      const res = await cv(token, id, sent, 'text/html', PDF);
      expect(res.statusCode, res.body).toBe(201);
      const ref = res.json<DocumentRef>();
      expect(ref).toMatchObject({ name: stored, contentType: 'application/pdf' });
      const download = await v1(t.app, token, 'GET', `/organization/${acmeId}/candidate/${id}/download/${ref.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-security-policy']).toContain('sandbox');
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(stored);
    }
    // Each replaced the one before (one file answers the question).
    const record: ApplicationRecord = expectRecord(await v1(t.app, token, 'GET', `/candidate/${id}`));
    expect(record.documents).toHaveLength(1);
  });

  it("sends the person's data export as an attachment with a safe name and nosniff", async () => {
    const { token } = await draft();
    const res = await v1(t.app, token, 'GET', '/user/data-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''my-data-/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('hostile logos (POST /organization/:orgId/upload/logo/header)', () => {
  const path = () => `/organization/${acmeId}/upload/logo/header`;
  const logo = () => t.app.inject({ method: 'GET', url: '/api/public/organization/acme/logo' });

  it('neutralises an SVG with script, and serves the logo sandboxed with nosniff', async () => {
    const evil = text(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
        '<rect width="10" height="10" fill="#123456" onclick="alert(3)"/><foreignObject><iframe src="//x"/></foreignObject></svg>',
    );
    const res = await upload(t.app, admin, path(), { name: 'logo.svg', type: 'image/svg+xml', bytes: evil });
    expect(res.statusCode, res.body).toBe(200);
    const served = await logo();
    expect(served.body).toContain('<rect');
    expect(served.body).not.toMatch(/script|onload|onclick|iframe|foreignObject/i);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  const refusals: Array<[string, Uint8Array, number, string]> = [
    [
      'a PNG that is also a web page',
      concat(PNG, text('<html><script>alert(1)</script></html>')),
      415,
      'The logo has hidden content (web page code or another file inside it): save it again and upload that',
    ],
    [
      'a JPEG with a Java archive appended (GIFAR)',
      concat(JPEG, JAR),
      415,
      'The logo has hidden content (web page code or another file inside it): save it again and upload that',
    ],
    [
      'HTML named .png',
      text('<html><script>alert(1)</script></html>'),
      415,
      'The logo must be a PNG, JPEG or SVG image',
    ],
    ['a 100 MB upload', concat(PNG, new Uint8Array(100 * 1024 * 1024)), 413, 'The logo must be smaller than 512 KB'],
  ];

  it.each(refusals)('refuses %s with a clear message, keeping the logo', async (_case, bytes, status, text) => {
    const before = (await logo()).body;
    const res = await upload(t.app, admin, path(), { name: 'logo.png', type: 'image/png', bytes });
    expect(res.statusCode, res.body).toBe(status);
    expect(messageOf(res)).toBe(text);
    expect((await logo()).body).toBe(before);
  });
});
