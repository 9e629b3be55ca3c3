import { Type } from 'typebox';
import { SiteInfo, VersionInfo } from '../api';
import type { Configuration } from '../configuration';
import { Edition, Subdomain, UserType } from '../organization';
import { TranslationEntry } from '../translation';
import { defineRoute } from '../contract';

/*
 * The public calls a site makes about itself (spec §7 Public): the running server's version, the
 * organisation and side its host names, the organisation's translations, the check of answers
 * against its application form, and the validators of a form compiled for the browser (decision 0076).
 */
const tags = ['public'];
const access = 'public';
const LANGUAGE_CODE = '^[a-z]{2,3}(-[A-Za-z]{2,4})?$';

export const version = defineRoute({
  method: 'GET',
  path: '/public/version',
  summary: 'Name, version and commit of the running server',
  tags,
  access,
  authz: 'anyone',
  response: { 200: VersionInfo },
});

export const site = defineRoute({
  method: 'GET',
  path: '/public/site',
  summary: 'Organisation subdomain and side (apply or hr) named by the Host header',
  tags,
  access,
  authz: 'anyone',
  response: { 200: SiteInfo },
});

export const translations = defineRoute({
  method: 'GET',
  path: '/public/translation',
  summary: "The organisation's translations: one configuration layer per additional language",
  tags,
  access,
  authz: 'anyone',
  querystring: Type.Object({
    subdomain: Type.Optional(Subdomain),
    language: Type.Optional(Type.String({ pattern: LANGUAGE_CODE, description: 'one language code' })),
  }),
  response: { 200: Type.Array(TranslationEntry) },
});

export const validateAnswers = defineRoute({
  method: 'POST',
  path: '/public/organization/:sub/application-form/validate',
  summary: "Check answers against the organisation's application form (nothing is saved)",
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ sub: Subdomain }),
  body: Type.Object(
    {
      answers: Type.Record(Type.String(), Type.Unknown(), { description: 'answers by field id' }),
      step: Type.Optional(Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: 'check one step only' })),
      language: Type.Optional(Type.String({ pattern: LANGUAGE_CODE })),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ valid: Type.Literal(true), answers: Type.Record(Type.String(), Type.Unknown()) }) },
});

/** The file name of a compiled validator module: the SHA-256 of its code, so its address never names other code. */
const VALIDATOR_FILE = '^[0-9a-f]{64}\\.js$';

export const formValidators = defineRoute({
  method: 'POST',
  path: '/public/organization/:sub/form-validators',
  summary: "Compile a form's validators to a JavaScript module and say where it is",
  description:
    'The browser validates answers without compiling code (the CSP has no unsafe-eval, decision 0076): it sends the ' +
    'configuration and context it compiled a form from, the server compiles the same form with the same engine, and ' +
    "answers the address of a module holding its steps' validators as standalone code.",
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ sub: Subdomain }),
  body: Type.Object(
    {
      form: Type.Union([Type.Literal('application'), Type.Literal('profile')], {
        description: 'the application form (compile) or the candidate profile (compileProfile)',
      }),
      // The merged configuration, not a layer: merging may pass a layer's limits (a role's 300 questions over the
      // organisation's own), so it is an object here and the engine compiles what it can.
      configuration: Type.Unsafe<Configuration>(
        Type.Object(
          {},
          { additionalProperties: true, description: 'the merged configuration the form is compiled from' },
        ),
      ),
      context: Type.Object(
        {
          language: Type.String({ pattern: LANGUAGE_CODE }),
          edition: Edition,
          userType: UserType,
          roleId: Type.Optional(Type.String({ maxLength: 100 })),
          today: Type.String({ format: 'date', description: 'a real calendar day: the year lists count from it' }),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ url: Type.String({ description: 'the module, under /api/public' }) }) },
});

export const validatorModule = defineRoute({
  method: 'GET',
  path: '/public/organization/:sub/form-validators/:file',
  summary: "A form's compiled validators, as an ES module (immutable: its name is its code's hash)",
  tags,
  access,
  authz: 'anyone',
  params: Type.Object({ sub: Subdomain, file: Type.String({ pattern: VALIDATOR_FILE }) }),
  produces: ['text/javascript'],
  response: { 200: Type.Unsafe<string>({ type: 'string', description: 'text/javascript' }) },
});
