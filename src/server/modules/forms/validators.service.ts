import { createHash } from 'node:crypto';
import { compile, compileProfile, type CompiledForm } from '#engine';
import type { Static } from 'typebox';
import type { formValidators } from '#schemas/contracts/site.contract';
import type { Db } from '../../db/client';
import { message } from '#schemas/messages';
import { badRequest, tooManyRequests } from '../../lib/http-error';
import { formSchemas, validatorModuleCode } from './validator-code';
import { findValidatorModule, storeValidatorModule } from './validators.repository';

export type FormValidatorsRequest = Static<NonNullable<typeof formValidators.body>>;

/** At most this many modules are kept in the process (the oldest used dropped first): about 30 kB compressed each. */
const MODULE_LIMIT = 500;

interface ValidatorModule {
  organizationId: string;
  code: string;
}

/** Modules by organisation and the hash of their code; what each request compiled to, by the hash of the request. */
const modules = new Map<string, ValidatorModule>();
const compiledFrom = new Map<string, string>();

/**
 * New compilations per caller's address in a window (decision 0076): the call is public and compiles (and stores)
 * any configuration, so one address cannot make the server write modules without end. Forms already compiled cost
 * nothing and are not counted; a studio editing at one change every five seconds stays well under it.
 */
const NEW_MODULES_PER_ADDRESS = 120;
const WINDOW_MS = 10 * 60_000;
const compilationsBy = new Map<string, number[]>();

export function assertMayCompile(address: string, now = Date.now()): void {
  const recent = (compilationsBy.get(address) ?? []).filter((at) => now - at < WINDOW_MS);
  if (recent.length >= NEW_MODULES_PER_ADDRESS) {
    const retryAfter = Math.ceil((recent[0]! + WINDOW_MS - now) / 1000);
    throw tooManyRequests(message('tooManyFormCompilations', { minutes: Math.ceil(retryAfter / 60) }), retryAfter);
  }
  recent.push(now);
  compilationsBy.set(address, recent);
  // Addresses whose window has passed are forgotten as new ones arrive.
  if (compilationsBy.size > 10_000)
    for (const [key, times] of compilationsBy) if (now - times.at(-1)! >= WINDOW_MS) compilationsBy.delete(key);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function remember(key: string, module: ValidatorModule): void {
  modules.delete(key);
  modules.set(key, module);
  while (modules.size > MODULE_LIMIT) {
    const oldest = modules.keys().next().value as string;
    modules.delete(oldest);
  }
  while (compiledFrom.size > MODULE_LIMIT * 4) compiledFrom.delete(compiledFrom.keys().next().value as string);
}

/**
 * Compiles the validators of the form `request` describes for an organisation (the same engine the browser compiled
 * it with, so the same schemas) and answers the hash of the module's code. A request seen before costs a look-up;
 * the content address means no entry can go stale: a changed configuration is another request and another module.
 * Compiled modules are also stored in the database, where another API node finds them (decision 0073).
 */
export async function compileFormValidators(
  db: Db,
  organizationId: string,
  request: FormValidatorsRequest,
  callerAddress: string,
): Promise<string> {
  const requestKey = sha256(`${organizationId}|${JSON.stringify(request)}`);
  const known = compiledFrom.get(requestKey);
  if (known && modules.has(`${organizationId}:${known}`)) return known;
  assertMayCompile(callerAddress);
  let form: CompiledForm;
  try {
    form = (request.form === 'profile' ? compileProfile : compile)(request.configuration, request.context);
  } catch {
    throw badRequest('The configuration cannot be compiled to a form.');
  }
  const code = validatorModuleCode(formSchemas(form));
  const hash = sha256(code);
  await storeValidatorModule(db, organizationId, hash, code);
  remember(`${organizationId}:${hash}`, { organizationId, code });
  compiledFrom.set(requestKey, hash);
  return hash;
}

/**
 * A compiled module's code, if this organisation compiled it (another organisation's hash is not found): from the
 * process, else from the database (compiled by another node).
 */
export async function validatorModuleOf(db: Db, organizationId: string, hash: string): Promise<string | undefined> {
  const found = modules.get(`${organizationId}:${hash}`);
  if (found) return found.code;
  const code = await findValidatorModule(db, organizationId, hash);
  if (code !== undefined) remember(`${organizationId}:${hash}`, { organizationId, code });
  return code;
}

/** Empties this process's modules, as a node that compiled none has them (tests of several nodes). */
export function forgetCompiledModules(): void {
  modules.clear();
  compiledFrom.clear();
  compilationsBy.clear();
}
