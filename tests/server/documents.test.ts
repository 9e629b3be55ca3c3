import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord, DocumentRef } from '#schemas/application';
import { completeAcmeAnswers } from '../factories/answers';
import { DEMO_PASSWORD, signIn, v1 } from '../helpers/auth';
import {
  expectRecord,
  formOfRole,
  newCandidate,
  PDF,
  PNG,
  roleIdByName,
  stepAnswers,
  upload,
} from '../helpers/applications';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createRole } from '#server/seed/factories';

let t: TestApp;
let acmeId: string;
let strategy: string;
beforeAll(async () => {
  t = await createTestApp();
  strategy = await roleIdByName(t.db, 'acme', 'Graduate Consultant, Strategy');
  acmeId = (
    await t.db.selectFrom('organizations').select('id').where('subdomain', '=', 'acme').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t?.close());

const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml word/document.xml'),
]);
const documentsOf = (applicationId: string) =>
  sql<{
    id: string;
    field_id: string;
    content_type: string;
    size: number;
  }>`select id, field_id, content_type, size from documents where application_id = ${applicationId} order by created_at`
    .execute(t.db)
    .then((r) => r.rows);

async function draft(roleName = 'Graduate Consultant, Strategy') {
  const candidate = await newCandidate(t.app, t.db, 'acme');
  const record = expectRecord(
    await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${await roleIdByName(t.db, 'acme', roleName)}`),
    201,
  );
  return { candidate, record };
}

/** A PDF stored as the CV of a draft through PUT /candidate/:id/cv: the stored document. */
async function uploadPdf(token: string, applicationId: string, name: string): Promise<DocumentRef> {
  const res = await upload(t.app, token, `/candidate/${applicationId}/cv`, {
    name,
    type: 'application/pdf',
    bytes: PDF,
  });
  return res.json<DocumentRef>();
}

describe('uploads (PUT /candidate/:id/cv and POST /organization/:orgId/candidate/:id/upload)', () => {
  it('stores a CV with the type found from its content, and a typed document', async () => {
    const { candidate, record } = await draft('Technology Graduate Programme');
    const cv = await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
      field: 'cv',
      name: '../../My CV.pdf',
      type: 'text/plain',
      bytes: PDF,
    });
    expect(cv.statusCode, cv.body).toBe(201);
    expect(cv.json<DocumentRef>()).toMatchObject({
      name: 'My CV.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
      fieldId: 'cv',
    });
    const transcript = await upload(
      t.app,
      candidate.token,
      `/organization/${acmeId}/candidate/${record.id}/upload?type=transcript`,
      { name: 'transcript.docx', type: 'application/octet-stream', bytes: DOCX },
    );
    expect(transcript.statusCode, transcript.body).toBe(201);
    expect(transcript.json<DocumentRef>().contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const read = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(read.documents.map((d) => d.fieldId)).toEqual(['cv', 'transcript']);
  });

  it('refuses the wrong type, an empty or too large file, an unasked question, and other people’s applications, storing nothing', async () => {
    const { candidate, record } = await draft();
    const other = await draft();
    const cases: Array<[string, ReturnType<typeof upload>, number, string]> = [
      [
        'a text file named .pdf',
        upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
          name: 'cv.pdf',
          type: 'application/pdf',
          bytes: Buffer.from('just text'),
        }),
        415,
        'The selected file must be a PDF, DOC or DOCX',
      ],
      [
        'an image as a CV',
        upload(t.app, candidate.token, `/candidate/${record.id}/cv`, { name: 'cv.png', type: 'image/png', bytes: PNG }),
        415,
        'The selected file must be a PDF, DOC or DOCX',
      ],
      [
        'an empty file',
        upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
          name: 'cv.pdf',
          type: 'application/pdf',
          bytes: Buffer.alloc(0),
        }),
        400,
        'The selected file is empty',
      ],
      [
        'a file over 5 MB',
        upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
          name: 'cv.pdf',
          type: 'application/pdf',
          bytes: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
        }),
        413,
        'The selected file must be smaller than 5 MB',
      ],
      [
        'a question this form does not ask',
        upload(t.app, candidate.token, `/organization/acme/candidate/${record.id}/upload?type=writingSample`, {
          name: 'w.pdf',
          type: 'application/pdf',
          bytes: PDF,
        }),
        400,
        'There is a problem with the file',
      ],
      [
        'an unknown document type',
        upload(t.app, candidate.token, `/organization/acme/candidate/${record.id}/upload?type=passport`, {
          name: 'p.pdf',
          type: 'application/pdf',
          bytes: PDF,
        }),
        400,
        'Invalid request',
      ],
      [
        'another candidate’s application',
        upload(t.app, candidate.token, `/candidate/${other.record.id}/cv`, {
          name: 'cv.pdf',
          type: 'application/pdf',
          bytes: PDF,
        }),
        404,
        `No application with id '${other.record.id}'.`,
      ],
      [
        'another organisation',
        upload(t.app, candidate.token, `/organization/hartley/candidate/${record.id}/upload?type=coverLetter`, {
          name: 'c.pdf',
          type: 'application/pdf',
          bytes: PDF,
        }),
        404,
        "No organisation with subdomain 'hartley'.",
      ],
    ];
    for (const [what, call, status, message] of cases) {
      const res = await call;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().message, what).toBe(message);
    }
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/candidate/${record.id}/cv`,
      headers: { authorization: `Bearer ${candidate.token}` },
      payload: { cv: 'base64...' },
    });
    expect(json.statusCode).toBe(415);
    expect(await documentsOf(record.id)).toEqual([]);
    expect(await documentsOf(other.record.id)).toEqual([]);
  });
});

describe('an upload belongs to its application when stored (issue 21)', () => {
  it('answers the question at once, shown on resume, and a new upload replaces the old one', async () => {
    const { candidate, record } = await draft();
    const cvUpload = (name: string) =>
      upload(t.app, candidate.token, `/candidate/${record.id}/cv`, { name, type: 'application/pdf', bytes: PDF });
    const first = (await cvUpload('one.pdf')).json<DocumentRef>();
    // The candidate leaves without Continue and comes back: the CV is the answer.
    const resumed = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(resumed.answers.cv).toEqual({
      id: first.id,
      name: 'one.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    expect(resumed.version).toBe(record.version + 1);
    // A second upload for the same question replaces the first: one document, the new answer.
    const second = (await cvUpload('two.pdf')).json<DocumentRef>();
    const after = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(after.answers.cv).toMatchObject({ id: second.id, name: 'two.pdf' });
    expect(after.documents.map((d) => d.name)).toEqual(['two.pdf']);
    expect((await documentsOf(record.id)).map((d) => d.id)).toEqual([second.id]);
  });

  it('a typed document replaces only the document of its own question', async () => {
    const { candidate, record } = await draft('Technology Graduate Programme');
    const path = `/organization/${acmeId}/candidate/${record.id}/upload?type=transcript`;
    const cv = await uploadPdf(candidate.token, record.id, 'cv.pdf');
    await upload(t.app, candidate.token, path, { name: 'old.pdf', type: 'application/pdf', bytes: PDF });
    const transcript = (
      await upload(t.app, candidate.token, path, { name: 'new.docx', type: 'application/octet-stream', bytes: DOCX })
    ).json<DocumentRef>();
    const read = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(read.documents.map((d) => [d.fieldId, d.name])).toEqual([
      ['cv', 'cv.pdf'],
      ['transcript', 'new.docx'],
    ]);
    expect(read.answers).toMatchObject({ cv: { id: cv.id }, transcript: { id: transcript.id } });
  });

  it('a refused upload leaves the stored file and its answer as they were', async () => {
    const { candidate, record } = await draft();
    const first = await uploadPdf(candidate.token, record.id, 'cv.pdf');
    const refused = await upload(t.app, candidate.token, `/candidate/${record.id}/cv`, {
      name: 'cv.png',
      type: 'image/png',
      bytes: PNG,
    });
    expect(refused.statusCode).toBe(415);
    expect(expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`)).answers.cv).toMatchObject({
      id: first.id,
    });
    expect((await documentsOf(record.id)).map((d) => d.id)).toEqual([first.id]);
  });
});

describe('downloads and deletion', () => {
  it('serves a document as an attachment to its candidate and the hiring side only', async () => {
    const { candidate, record } = await draft();
    const cv = await uploadPdf(candidate.token, record.id, 'Zoë CV.pdf');
    const path = `/organization/${acmeId}/candidate/${record.id}/download/${cv.id}`;
    for (const method of ['GET', 'POST'] as const) {
      const res = await v1(t.app, candidate.token, method, path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Zo_ CV.pdf"; filename*=UTF-8''Zo%C3%AB%20CV.pdf`,
      );
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    expect((await v1(t.app, manager, 'GET', path)).statusCode).toBe(200);
    const stranger = await newCandidate(t.app, t.db, 'acme');
    expect((await v1(t.app, stranger.token, 'GET', path)).statusCode).toBe(404);
    expect(
      (
        await v1(
          t.app,
          candidate.token,
          'GET',
          `/organization/${acmeId}/candidate/${record.id}/download/00000000-0000-0000-0000-000000000000`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}/downloadPhoto`)).json()).toEqual({
      message: 'This application has no photo.',
      code: 'noPhoto',
    });
  });

  it('the download the candidate pages use: an attachment never rendered on our origin; nobody else’s', async () => {
    const { candidate, record } = await draft();
    const cv = await uploadPdf(candidate.token, record.id, 'cv.pdf');
    const res = await v1(
      t.app,
      candidate.token,
      'GET',
      `/organization/${acmeId}/candidate/${record.id}/download/${cv.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cv.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Another candidate of the organisation, another organisation's candidate, and no token.
    const stranger = await newCandidate(t.app, t.db, 'acme');
    const refused = await v1(
      t.app,
      stranger.token,
      'GET',
      `/organization/${acmeId}/candidate/${record.id}/download/${cv.id}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      message: `No application with id '${record.id}'.`,
      code: 'noApplication',
      params: { id: record.id },
    });
    const hartley = (await signIn(t.app, 'candidate@hartley.example', DEMO_PASSWORD, 'hartley')).access_token;
    expect(
      (
        await v1(
          t.app,
          hartley,
          'GET',
          `/organization/hartley/candidate/${record.id}/download/${cv.id}?subdomain=hartley`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, hartley, 'GET', `/organization/${acmeId}/candidate/${record.id}/download/${cv.id}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/organization/${acmeId}/candidate/${record.id}/download/${cv.id}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('replacing or deleting a file removes the old one and the answer naming it', async () => {
    const { candidate, record } = await draft();
    const form = await formOfRole(t.db, 'acme', strategy);
    const first = await uploadPdf(candidate.token, record.id, 'one.pdf');
    const save = (current: ApplicationRecord, cv: DocumentRef) =>
      v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
        step: 4,
        stepId: 'documents',
        answers: {
          ...stepAnswers(form, 'documents', completeAcmeAnswers),
          cv: { id: cv.id, name: 'renamed.pdf', size: 1 },
        },
        version: current.version,
        role: { id: strategy },
      });
    const read = () => v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`).then((r) => expectRecord(r));
    const saved = expectRecord(await save(await read(), first));
    // The stored name and size win over the request's.
    expect(saved.answers.cv).toEqual({
      id: first.id,
      name: 'one.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    const second = await uploadPdf(candidate.token, record.id, 'two.pdf');
    const replaced = expectRecord(await save(await read(), second));
    expect((await documentsOf(record.id)).map((d) => d.id)).toEqual([second.id]);

    const other = await newCandidate(t.app, t.db, 'acme');
    expect(
      (await v1(t.app, other.token, 'DELETE', `/organization/${acmeId}/candidate/${record.id}/upload/${second.id}`))
        .statusCode,
    ).toBe(404);
    const deleted = await v1(
      t.app,
      candidate.token,
      'DELETE',
      `/organization/${acmeId}/candidate/${record.id}/upload/${second.id}`,
    );
    expect(deleted.json()).toEqual({ message: 'The document has been deleted', code: 'documentDeleted' });
    const after = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(after.answers.cv).toBeUndefined();
    expect(after.version).toBe(replaced.version + 1);
    expect(await documentsOf(record.id)).toEqual([]);
  });

  it('serves the photo of an application whose role asks for one', async () => {
    const candidate = await newCandidate(t.app, t.db, 'connect');
    const role = await roleIdByName(t.db, 'connect', 'Training Contract 2029');
    const record = expectRecord(
      await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${role}?subdomain=connect`),
      201,
    );
    const photo = await upload(
      t.app,
      candidate.token,
      `/organization/connect/candidate/${record.id}/upload?type=photo&subdomain=connect`,
      { name: 'me.png', type: 'image/png', bytes: PNG },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const res = await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}/downloadPhoto?subdomain=connect`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('POST /organization/:orgId/candidate/:id/documentType/:docId/:type', () => {
  /** A role asking for three typed documents (and no CV), made for these tests. */
  async function typedDraft() {
    const role = await createRole(t.db, acmeId, {
      name: 'Typed documents role',
      formConfiguration: { fields: { cv: false, transcript: true, rightToWorkDocument: true, otherDocument: true } },
    });
    const candidate = await newCandidate(t.app, t.db, 'acme');
    const record = expectRecord(await v1(t.app, candidate.token, 'POST', `/candidate/applyc/${role.id}`), 201);
    return { role, candidate, record };
  }
  const answerOf = (d: DocumentRef) => ({ id: d.id, name: d.name, size: d.size, contentType: d.contentType });
  const typePath = (applicationId: string, documentId: string, type: string, org: string = acmeId) =>
    `/organization/${org}/candidate/${applicationId}/documentType/${documentId}/${type}`;

  it('moves a typed upload to another type, and the answer naming it with it', async () => {
    const { role, candidate, record } = await typedDraft();
    const other = (
      await upload(t.app, candidate.token, `/organization/${acmeId}/candidate/${record.id}/upload?type=otherDocument`, {
        name: 'marks.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    const form = await formOfRole(t.db, 'acme', role.id);
    const index = form.steps.findIndex((s) => s.id === 'documents');
    const saved = expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
        step: index + 1,
        stepId: 'documents',
        answers: { otherDocument: answerOf(other) },
        version: record.version + 1,
        role: { id: role.id },
      }),
    );
    expect(saved.answers.otherDocument).toMatchObject({ id: other.id });

    const res = await v1(t.app, candidate.token, 'POST', typePath(record.id, other.id, 'TRANSCRIPT'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DocumentRef>()).toMatchObject({ id: other.id, name: 'marks.pdf', fieldId: 'transcript' });
    const after = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    expect(after.answers.otherDocument).toBeUndefined();
    expect(after.answers.transcript).toEqual({
      id: other.id,
      name: 'marks.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    expect(after.documents.map((d) => d.fieldId)).toEqual(['transcript']);
    expect(after.version).toBe(saved.version + 1);
    // The moved answer is still a stored document of that question: the step saves again as it is.
    expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
        step: index + 1,
        stepId: 'documents',
        answers: { transcript: after.answers.transcript },
        version: after.version,
        role: { id: role.id },
      }),
    );
    // The same type again changes nothing; the hiring side may re-type the documents of any application.
    const same = await v1(t.app, candidate.token, 'POST', typePath(record.id, other.id, 'TRANSCRIPT'));
    expect(same.json<DocumentRef>().fieldId).toBe('transcript');
    const manager = (await signIn(t.app, 'recruiter@acme.example', DEMO_PASSWORD)).access_token;
    const byManager = await v1(t.app, manager, 'POST', typePath(record.id, other.id, 'RIGHT_TO_WORK'));
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect((await documentsOf(record.id)).map((d) => d.field_id)).toEqual(['rightToWorkDocument']);
    expect(
      expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`)).answers.rightToWorkDocument,
    ).toMatchObject({ id: other.id });
  });

  it('refuses bad types, unknown documents, CVs, a type already held, other candidates and other organisations, changing nothing', async () => {
    const { candidate, record } = await typedDraft();
    const first = (
      await upload(t.app, candidate.token, `/organization/${acmeId}/candidate/${record.id}/upload?type=otherDocument`, {
        name: 'a.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    const second = (
      await upload(t.app, candidate.token, `/organization/${acmeId}/candidate/${record.id}/upload?type=transcript`, {
        name: 'b.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    // The transcript question is answered by the second document.
    const withAnswer = expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`));
    const saved = expectRecord(
      await v1(t.app, candidate.token, 'PUT', `/candidate/${record.id}`, {
        step: withAnswer.step,
        stepId: 'documents',
        answers: { transcript: answerOf(second), otherDocument: answerOf(first) },
        version: withAnswer.version,
        role: { id: withAnswer.role.id },
      }),
    );
    const stranger = await newCandidate(t.app, t.db, 'acme');
    const cvDraft = await draft();
    const cv = (
      await upload(t.app, cvDraft.candidate.token, `/candidate/${cvDraft.record.id}/cv`, {
        name: 'cv.pdf',
        type: 'application/pdf',
        bytes: PDF,
      })
    ).json<DocumentRef>();
    const hartley = await signIn(t.app, 'candidate@hartley.example', DEMO_PASSWORD, 'hartley');
    const cases: Array<
      [string, Promise<{ statusCode: number; json: () => { message: string } }>, number, string | RegExp]
    > = [
      [
        'an unknown type',
        v1(t.app, candidate.token, 'POST', typePath(record.id, first.id, 'PASSPORT')),
        400,
        'Invalid request',
      ],
      [
        'a type in lower case',
        v1(t.app, candidate.token, 'POST', typePath(record.id, first.id, 'transcript')),
        400,
        'Invalid request',
      ],
      [
        'a type this form does not ask',
        v1(t.app, candidate.token, 'POST', typePath(record.id, first.id, 'WRITING_SAMPLE')),
        400,
        'There is a problem with the file',
      ],
      [
        'a type another document holds',
        v1(t.app, candidate.token, 'POST', typePath(record.id, first.id, 'TRANSCRIPT')),
        409,
        /already has a document of that type/,
      ],
      [
        'an unknown document',
        v1(t.app, candidate.token, 'POST', typePath(record.id, '00000000-0000-0000-0000-000000000000', 'TRANSCRIPT')),
        404,
        "No document with id '00000000-0000-0000-0000-000000000000'.",
      ],
      [
        'a malformed document id',
        v1(t.app, candidate.token, 'POST', typePath(record.id, 'nope', 'TRANSCRIPT')),
        404,
        "No document with id 'nope'.",
      ],
      [
        'a CV',
        v1(t.app, cvDraft.candidate.token, 'POST', typePath(cvDraft.record.id, cv.id, 'OTHER')),
        400,
        /Only transcripts/,
      ],
      [
        'another candidate’s document',
        v1(t.app, stranger.token, 'POST', typePath(record.id, first.id, 'RIGHT_TO_WORK')),
        404,
        `No application with id '${record.id}'.`,
      ],
      [
        'a document of another application',
        v1(t.app, candidate.token, 'POST', typePath(cvDraft.record.id, first.id, 'RIGHT_TO_WORK')),
        404,
        `No application with id '${cvDraft.record.id}'.`,
      ],
      [
        'another organisation’s id',
        v1(t.app, candidate.token, 'POST', typePath(record.id, first.id, 'RIGHT_TO_WORK', 'hartley')),
        404,
        "No organisation with subdomain 'hartley'.",
      ],
      [
        'another organisation’s candidate',
        v1(
          t.app,
          hartley.access_token,
          'POST',
          `${typePath(record.id, first.id, 'RIGHT_TO_WORK', 'hartley')}?subdomain=hartley`,
        ),
        404,
        `No application with id '${record.id}'.`,
      ],
    ];
    for (const [what, call, status, message] of cases) {
      const res = await call;
      expect(res.statusCode, `${what}: ${JSON.stringify(res.json())}`).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1${typePath(record.id, first.id, 'RIGHT_TO_WORK')}` }))
        .statusCode,
    ).toBe(401);
    expect((await documentsOf(record.id)).map((d) => [d.id, d.field_id])).toEqual([
      [first.id, 'otherDocument'],
      [second.id, 'transcript'],
    ]);
    expect((await documentsOf(cvDraft.record.id)).map((d) => d.field_id)).toEqual(['cv']);
    expect(expectRecord(await v1(t.app, candidate.token, 'GET', `/candidate/${record.id}`)).version).toBe(
      saved.version,
    );
  });
});
