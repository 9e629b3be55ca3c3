/**
 * A record's own value at `key`, never one it inherits: `own({}, 'toString')` is undefined where
 * `({})['toString']` is a function. Answers, options, texts and flags are plain objects whose
 * keys come from configuration and candidates, so every look-up by such a key goes through here.
 */
export function own<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * Names every JavaScript object already has (`toString`, `constructor`, `valueOf`…). An id equal to
 * one would read as a function wherever a plain object is looked up by it, so configuration refuses them.
 */
export const INHERITED_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
