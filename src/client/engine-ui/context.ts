import type { Registry } from '@rjsf/utils';
import type { RemoteListType, CompiledField, CompiledForm, CompiledStep } from '#engine';

/** The answer of a file question: what the upload endpoint returned (engine/forms/kinds.ts `file`). */
export interface UploadedFile {
  id: string;
  name: string;
  size?: number;
  contentType?: string;
}

/** What the host supplies to the form: server look-ups and uploads. Both are optional so demos work. */
export interface EngineServices {
  /** Suggestions of a long reference list (schools, universities, subjects) for a search term. */
  searchList?: (list: RemoteListType, term: string) => Promise<string[]>;
  /**
   * Stores a file and returns its reference; without it the form keeps a local reference. It may
   * reject with an Error whose message the candidate is shown (why the file was refused).
   */
  upload?: (file: File, fieldId: string) => Promise<UploadedFile>;
  /**
   * Deletes a stored file and clears the answer naming it; without it Remove only clears the
   * answer. It may reject with an Error whose message the candidate is shown.
   */
  remove?: (file: UploadedFile, fieldId: string) => Promise<void>;
}

/** A tiny external store: how many times Continue failed, so the error summary knows when to take focus. */
export interface Counter {
  get: () => number;
  subscribe: (listener: () => void) => () => void;
  bump: () => void;
}

export function createCounter(): Counter {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bump: () => {
      value += 1;
      for (const listener of listeners) listener();
    },
  };
}

/** An error shown on the step: the DOM id of its question's input (or group) and the message. */
interface ShownError {
  id: string;
  message: string;
}

/**
 * The errors a failed Continue shows, outside RJSF's state (decision 0082): each question reads its own error from
 * here, so a failed Continue re-renders the questions whose error changed and the summary, in one commit, instead of
 * RJSF's whole tree of fields.
 */
export interface ErrorStore {
  /** The error of the question whose input (or group) has this DOM id. */
  get: (id: string) => string | undefined;
  /** Every error, in the order of the form (the same array until the errors change). */
  all: () => readonly ShownError[];
  subscribe: (listener: () => void) => () => void;
  /** Shows these errors instead of those shown so far. */
  show: (errors: readonly ShownError[]) => void;
  /** Takes one question's error away (a file question whose file changed). */
  clear: (id: string) => void;
}

export function createErrorStore(): ErrorStore {
  let list: readonly ShownError[] = [];
  let byId = new Map<string, string>();
  const listeners = new Set<() => void>();
  const set = (next: readonly ShownError[]) => {
    list = next;
    byId = new Map();
    for (const { id, message } of next) if (!byId.has(id)) byId.set(id, message);
    for (const listener of listeners) listener();
  };
  return {
    get: (id) => byId.get(id),
    all: () => list,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show: (errors) => set(errors),
    clear: (id) => {
      if (byId.has(id)) set(list.filter((error) => error.id !== id));
    },
  };
}

/** How long typing must pause before a text box's answer reaches RJSF's state: about the gap between two keys. */
export const TYPING_PAUSE_MS = 100;

/**
 * Answers typed into text boxes on their way to RJSF's state (decision 0094). Every change RJSF takes derives the
 * whole step's state again (defaults, schema, a copy of every answer) and checks every question: on a 300-question
 * step that is most of a keystroke's work. A text box therefore shows each key at once, re-rendering alone, and its
 * answer is handed on once typing pauses; a later key of the same box replaces its answer still waiting.
 */
export interface PendingAnswers {
  /** Hands `apply` on (it calls RJSF's onChange) once typing pauses, instead of the box's answer still waiting. */
  defer: (id: string, apply: () => void) => void;
  /** Whether the box with this DOM id has an answer waiting. */
  waiting: (id: string) => boolean;
  /** Hands every waiting answer on now, in the order they were last typed: Continue reads the answers after this. */
  flush: () => void;
  /** Forgets the waiting answers (the step has gone). */
  cancel: () => void;
}

export function createPendingAnswers(): PendingAnswers {
  const waiting = new Map<string, () => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    waiting.clear();
    clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    const applies = [...waiting.values()];
    cancel();
    for (const apply of applies) apply();
  };
  return {
    defer: (id, apply) => {
      waiting.delete(id);
      waiting.set(id, apply);
      clearTimeout(timer);
      timer = setTimeout(flush, TYPING_PAUSE_MS);
    },
    waiting: (id) => waiting.has(id),
    flush,
    cancel,
  };
}

/**
 * RJSF's formContext for compiled forms. It is created once per step and never changes while the
 * step is shown: a new formContext would give RJSF a new registry and re-render every field. The
 * host's services are read through a ref for the same reason.
 */
export interface EngineFormContext {
  step: CompiledStep;
  form: CompiledForm;
  /** The page heading (h1) rendered above the sections; none when the host renders its own. */
  heading?: string;
  idPrefix: string;
  services: { readonly current: EngineServices | undefined };
  failures: Counter;
  /** The errors shown since the last failed Continue (questions and the error summary read them). */
  errors: ErrorStore;
  /**
   * A file question's refused file (its message), or none once a file is stored or removed: the
   * question's error shown so far gives way to it, and Continue names it instead of "Upload …".
   */
  reportFileProblem: (fieldId: string, problem: string | undefined) => void;
  /** Answers typed but not yet in RJSF's state. */
  pending: PendingAnswers;
}

export function engineContext(registry: Registry): EngineFormContext {
  return registry.formContext as EngineFormContext;
}

/** The compiled field a uiSchema entry was made from (see rjsf-ui-schema.ts). */
export function compiledFieldOf(uiOptions: Record<string, unknown> | undefined): CompiledField | undefined {
  return uiOptions?.compiled as CompiledField | undefined;
}
