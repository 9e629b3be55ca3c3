/**
 * What a schema compiles to, kept for the process by the schema's JSON (decision 0093): Fastify hands every app its
 * own copies of the route schemas, and a process that builds the app again (each server test file, the benchmarks)
 * would otherwise compile them all again. Equal JSON is an equal schema for Ajv and fast-json-stringify alike.
 */
export function compiledOnce<T>(): (key: string, compile: () => T) => T {
  const compiled = new Map<string, T>();
  return (key, compile) => {
    let value = compiled.get(key);
    if (value === undefined) {
      value = compile();
      compiled.set(key, value);
    }
    return value;
  };
}
