import { Type } from 'typebox';
import { SiteInfo, VersionInfo } from '../api';
import { Subdomain } from '../organization';
import { TranslationEntry } from '../translation';
import { defineRoute } from '../contract';

/*
 * The public calls a site makes about itself (spec §7 Public): the running server's version, the
 * organisation and side its host names, the organisation's translations, and the check of answers
 * against its application form.
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
