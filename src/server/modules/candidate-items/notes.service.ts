import { hasRole } from '#engine';
import { LONG_TEXT_MAX, type Note, type NoteKind } from '#schemas/candidate-items';
import type { Db } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/uuid';
import type { Viewer } from '../../lib/viewer';
import { pipelineApplication } from '../applications/application-access';
import { findNote, findPeople, insertNote, updateNoteBody } from './candidate-items.repository';
import { byId, toNote } from './candidate-items.view';

const NOTE_NOT_YOURS = 'Only the author of a note or an admin can change it.';
const noNote = (id: string) => notFound(`No note with id '${id}'.`);
const EMPTY: Record<NoteKind, string> = { NOTE: 'Enter a note', COMMENT: 'Enter a comment' };

/** The text of a note or comment: trimmed, 1 to 4096 characters (spec §5; counted like PostgreSQL's char_length). */
function noteText(kind: NoteKind, comment: string): string {
  const body = comment.trim();
  const length = [...body].length;
  if (length === 0) throw badRequest(EMPTY[kind], [{ field: 'comment', message: EMPTY[kind] }]);
  if (length > LONG_TEXT_MAX)
    throw badRequest(`The text must be ${LONG_TEXT_MAX} characters or fewer`, [
      { field: 'comment', message: `The text must be ${LONG_TEXT_MAX} characters or fewer` },
    ]);
  return body;
}

async function withAuthor(db: Db, viewer: Viewer, row: Parameters<typeof toNote>[0]): Promise<Note> {
  return toNote(row, byId(await findPeople(db, viewer.organization.id, row.author_id ? [row.author_id] : [])));
}

/** PUT …/note and PUT …/comment: a new note or comment by the caller. */
export async function addNote(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  kind: NoteKind,
  comment: string,
): Promise<Note> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const body = noteText(kind, comment);
  const row = await insertNote(db, {
    organizationId: viewer.organization.id,
    applicationId: application.id,
    authorId: viewer.user.id,
    kind,
    body,
  });
  return withAuthor(db, viewer, row);
}

/**
 * PUT …/note/:noteId: its author, or a hiring-manager admin, changes a note's text (403 for
 * anyone else). Comments are a thread and are not edited: their ids answer 404 here.
 */
export async function editNote(
  db: Db,
  viewer: Viewer,
  applicationId: string,
  noteId: string,
  comment: string,
): Promise<Note> {
  const application = await pipelineApplication(db, viewer, applicationId);
  const note = isUuid(noteId) ? await findNote(db, viewer.organization.id, application.id, noteId) : undefined;
  if (!note || note.kind !== 'NOTE') throw noNote(noteId);
  if (note.author_id !== viewer.user.id && !hasRole(viewer.user.user_type, 'HIRING_MANAGER_ADMIN'))
    throw forbidden(NOTE_NOT_YOURS);
  const updated = await updateNoteBody(db, viewer.organization.id, application.id, note.id, noteText('NOTE', comment));
  if (!updated) throw noNote(noteId);
  return withAuthor(db, viewer, updated);
}
