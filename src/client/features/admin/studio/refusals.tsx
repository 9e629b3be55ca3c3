import { isAxiosError } from 'axios';
import { errorMessage } from '#client/api/errors';
import * as styles from './studio.css';

/** Every problem of a refused save (each `errors[].message` of a 400 or 409), else the answer's message. */
export function refusals(error: unknown): string[] {
  const errors = isAxiosError(error) ? (error.response?.data as { errors?: { message?: string }[] })?.errors : null;
  const messages = (errors ?? []).flatMap((e) => (typeof e.message === 'string' ? [e.message] : []));
  return messages.length > 0 ? messages : [errorMessage(error)];
}

/** A refused save's problems in an alert above the tab (the Stages and Translations tabs). */
export function RefusalList({ title, problems }: { title: string; problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className={`${styles.panel} ${styles.panelError}`}>
      <h3>{title}</h3>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
