import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMIT_LONG } from '#engine';
import type { Note } from '../../api/candidate-items';
import { useApiMessage } from '../../api/use-api-message';
import { Button, ButtonGroup } from '../../ui/button/button';
import { TextArea } from '../../ui/form/text-input';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { formatDateTime } from './format';
import * as styles from './pipeline.css';

/** A note's text: required, at most 4096 characters (spec §5). */
function noteProblem(text: string): 'empty' | 'tooLong' | undefined {
  if (!text.trim()) return 'empty';
  if (text.length > TEXT_LIMIT_LONG) return 'tooLong';
  return undefined;
}

function NoteItem({
  note,
  editable,
  onEdit,
}: {
  note: Note;
  editable: boolean;
  onEdit?: (text: string) => Promise<Note>;
}) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  const [error, setError] = useState<string>();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = noteProblem(text);
    if (problem) return setError(t(`pipeline.notes.${problem}`, { max: TEXT_LIMIT_LONG }));
    onEdit?.(text).then(
      () => {
        setEditing(false);
        setError(undefined);
      },
      (failure: unknown) => setError(apiMessage(failure)),
    );
  };
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li className={styles.noteItem}>
      {editing ? (
        <form onSubmit={save} noValidate>
          <TextArea
            id={`${id}-edit`}
            label={t('pipeline.notes.editLabel')}
            value={text}
            error={error}
            className={styles.textarea}
            onChange={(event) => setText(event.target.value)}
          />
          <ButtonGroup>
            <Button type="submit">{t('pipeline.notes.save')}</Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('pipeline.notes.cancel')}
            </Button>
          </ButtonGroup>
        </form>
      ) : (
        <>
          <p>{note.body}</p>
          <p className={styles.muted}>
            {t('pipeline.notes.byline', {
              name: note.author?.name ?? t('pipeline.notes.unknownAuthor'),
              date: formatDateTime(note.createdAt),
            })}
            {edited ? ` ${t('pipeline.notes.edited', { date: formatDateTime(note.updatedAt) })}` : ''}
          </p>
          {editable && onEdit ? (
            <button type="button" className={styles.linkButton} onClick={() => setEditing(true)}>
              {t('pipeline.notes.edit')}
              <span className={visuallyHidden}>
                {' '}
                {t('pipeline.notes.editHidden', { date: formatDateTime(note.createdAt) })}
              </span>
            </button>
          ) : null}
        </>
      )}
    </li>
  );
}

interface NotesProps {
  kind: 'notes' | 'comments';
  items: readonly Note[];
  canEdit: (note: Note) => boolean;
  onAdd: (text: string) => Promise<Note>;
  onEdit?: (noteId: string, text: string) => Promise<Note>;
}

/** Notes (add, edit one's own) or comments (add) on an application. */
export function Notes({ kind, items, canEdit, onAdd, onEdit }: NotesProps) {
  const { t } = useTranslation();
  const apiMessage = useApiMessage();
  const id = useId();
  const [list, setList] = useState<Note[]>([...items]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const add = (event: FormEvent) => {
    event.preventDefault();
    const problem = noteProblem(text);
    if (problem) return setError(t(`pipeline.notes.${problem}`, { max: TEXT_LIMIT_LONG }));
    onAdd(text).then(
      (note) => {
        setList((current) => [note, ...current]);
        setText('');
        setError(undefined);
        setStatus(t(`pipeline.${kind}.added`));
      },
      (failure: unknown) => setError(apiMessage(failure)),
    );
  };
  const edit = (noteId: string) => (body: string) =>
    onEdit!(noteId, body).then((note) => {
      setList((current) => current.map((n) => (n.id === note.id ? note : n)));
      return note;
    });
  return (
    <>
      {list.length === 0 ? <p className={styles.muted}>{t(`pipeline.${kind}.none`)}</p> : null}
      <ul className={styles.noteList}>
        {list.map((note) => (
          <NoteItem key={note.id} note={note} editable={canEdit(note)} onEdit={onEdit ? edit(note.id) : undefined} />
        ))}
      </ul>
      <form onSubmit={add} noValidate>
        <TextArea
          id={`${id}-new`}
          label={t(`pipeline.${kind}.addLabel`)}
          value={text}
          error={error}
          className={styles.textarea}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">{t(`pipeline.${kind}.add`)}</Button>
        <p role="status">{status}</p>
      </form>
    </>
  );
}
