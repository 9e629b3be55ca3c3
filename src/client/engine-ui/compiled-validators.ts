import {
  compile,
  compileProfile,
  runtimeRequire,
  type CompileContext,
  type CompiledForm,
  type SchemaCheck,
  type StandaloneModule,
} from '#engine';
import type { Configuration } from '#schemas/configuration';
import * as site from '#schemas/contracts/site.contract';
import { call } from '../api/call';

/**
 * Decision 0076: the browser never compiles a validator (the CSP has no 'unsafe-eval'). A form compiled here is
 * compiled again on the server from the same configuration and context, whose validators come back as a module of
 * standalone code; RJSF and the engine's validation run those.
 */

/** What a form was compiled from: what the server needs to compile the same form. */
export interface FormSource {
  subdomain: string;
  form: 'application' | 'profile';
  configuration: Configuration;
  context: CompileContext;
}

/** The compiled validators of a form, by the key RJSF finds them by (the hash of their schema). */
export type ValidatorFunctions = Readonly<Record<string, SchemaCheck>>;

/** Where a form's validators come from: the server (loadFromServer), or a test's stand-in. */
export type ValidatorLoader = (
  form: CompiledForm,
  source: FormSource | undefined,
) => ValidatorFunctions | Promise<ValidatorFunctions>;

const sources = new WeakMap<CompiledForm, FormSource>();

/** Compiles a form (the application form, or the candidate profile) and remembers what from, for its validators. */
export function compileForm(source: FormSource): CompiledForm {
  const form = (source.form === 'profile' ? compileProfile : compile)(source.configuration, source.context);
  sources.set(form, source);
  return form;
}

interface ValidatorModule {
  default: StandaloneModule<ValidatorFunctions>;
}

const loadFromServer: ValidatorLoader = async (form, source) => {
  if (!source)
    throw new Error(`Form ${form.key} was not compiled with compileForm: its validators cannot be asked for`);
  const { subdomain, ...body } = source;
  const { url } = await call(site.formValidators, { params: { sub: subdomain }, body });
  const module = (await import(/* @vite-ignore */ url)) as ValidatorModule;
  return module.default(runtimeRequire);
};

let loader: ValidatorLoader = loadFromServer;

/** Tests (jsdom, no server) compile validators their own way; the build never calls this. */
export function setValidatorLoader(next: ValidatorLoader): void {
  loader = next;
  loading = new WeakMap();
}

let loading = new WeakMap<CompiledForm, Promise<ValidatorFunctions>>();

/** Marks a promise's state where React's `use` reads it, so a settled promise is read without suspending. */
function track<T>(
  promise: Promise<T>,
  state: { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown },
) {
  Object.assign(promise, state);
}

/**
 * A form's validators, asked for once per form (a failure is forgotten, so the next render asks again). Loading starts
 * as soon as a page has compiled its form (preloadValidators), beside the form renderer's chunk.
 */
export function validatorFunctions(form: CompiledForm): Promise<ValidatorFunctions> {
  const known = loading.get(form);
  if (known) return known;
  const result = loader(form, sources.get(form));
  const promise = Promise.resolve(result);
  if (result instanceof Promise) {
    track(promise, { status: 'pending' });
    promise.then(
      (value) => track(promise, { status: 'fulfilled', value }),
      (reason: unknown) => {
        track(promise, { status: 'rejected', reason });
        if (loading.get(form) === promise) loading.delete(form);
      },
    );
  } else {
    track(promise, { status: 'fulfilled', value: result });
  }
  loading.set(form, promise);
  return promise;
}

/** Starts loading a form's validators, without waiting: a failure shows when the form needs them. */
export function preloadValidators(form: CompiledForm): void {
  validatorFunctions(form).catch(() => undefined);
}
