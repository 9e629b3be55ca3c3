import { Type } from 'typebox';

/**
 * The messages the API sends to candidates, each with a stable code (decision 0018). The server
 * sends the English text with its `code` and `params`; the client shows the translation of the
 * code in the page's language (`messages.<code>`, with the same {{placeholders}}), and the English
 * text when there is none. Params named `date` are ISO dates; `types` are lists ("PDF, DOC or DOCX").
 */
export const MESSAGES = {
  // Applications
  applicationChanged:
    'Your application was changed in another window or browser. We have loaded the latest version: check it and continue.',
  applicationSubmitted: 'This application has been submitted and can no longer be changed.',
  formChanged: 'The application form has changed since you opened it. Reload the page to continue.',
  invalidAnswers: 'There is a problem with your answers',
  noStep: "There is no step '{{step}}' on this form",
  noApplication: "No application with id '{{id}}'.",
  noOrganisation: "No organisation with id '{{id}}'.",
  notSubmitted: 'This application has not been submitted: delete the draft instead.',
  alreadyWithdrawn: 'You have already withdrawn this application.',
  draftDeleted: 'Your draft application has been deleted',
  candidatesOnlyApply: 'Only candidates can apply for roles.',
  candidateOnlyChange: 'Only the candidate can change their application.',
  // Roles
  noRole: "No role with id '{{id}}'.",
  roleClosed: 'This role closed to applications on {{date}}.',
  // Documents
  fileProblem: 'There is a problem with the file',
  noFileQuestion: "This application does not ask for a '{{field}}' document",
  selectFile: 'Select a file',
  sendMultipart: 'Send the file as multipart/form-data',
  fileEmpty: 'The selected file is empty',
  fileTooLarge: 'The selected file must be smaller than {{megabytes}} MB',
  fileType: 'The selected file must be a {{types}}',
  fileHiddenContent:
    'The selected file has hidden content (web page code or another file inside it): save it again as a {{types}} and upload that',
  fileUnsafeDocument: 'The selected file is a damaged or unsafe Word document: save it again in Word and upload that',
  fileNotUploaded: 'The selected file was not uploaded to this application: choose it again',
  noDocument: "No document with id '{{id}}'.",
  noPhoto: 'This application has no photo.',
  documentDeleted: 'The document has been deleted',
  notATypedDocument:
    'Only transcripts, right to work documents, writing samples and other documents have a document type',
  documentTypeTaken:
    "This application already has a document of that type ('{{type}}'): delete it or change its type first",
  documentTypeMismatch: "The document must be a {{types}} to be a '{{type}}'",
  // Profile and reference data
  profileChanged: 'Your profile was changed in another window. Reload the page to see the latest answers.',
  noSection: "There is no section '{{section}}' in your profile",
  candidatesOnlyProfile: 'Only candidates have a profile.',
  invalidPostCode: 'Invalid post code',
  // Accounts and signing in
  thereIsAProblem: 'There is a problem',
  emailFormat: 'Enter an email address in the correct format, like name@example.com',
  enterFirstName: 'Enter your first name',
  enterLastName: 'Enter your last name',
  acceptTerms: 'Confirm that you accept the terms and conditions',
  passwordRules:
    'Your password must have at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character',
  commonPassword: 'This password is too common. Choose one that would be harder to guess',
  signupClosed: 'Sign-up is not open for this organisation.',
  signupSent:
    'We have sent a link to {{email}}. Open it to verify your email address and finish creating your account.',
  emailVerified: 'Your email address is verified and you are signed in.',
  newEmailConfirmed: 'Your new email address is confirmed.',
  emailInUse: 'This email address is already used by another account.',
  passwordReset: 'Your password has been updated. You can now sign in with it.',
  accountReady: 'Your account is ready.',
  forgotSent: 'If there is an account for this email address, we have sent it a link to reset the password.',
  magicLinkSent: 'If there is an account for this email address, we have sent it a link to sign in.',
  otpRequestSent: 'If there is an account for this email address, we have sent it a code.',
  linkInvalid: 'This link has expired or has already been used.',
  wrongCode: 'The code is not correct or has expired.',
  wrongOtp: 'The code is not correct or has expired. Check the code in your latest email, or ask for a new one.',
  otpSent: 'Enter the 6-digit code we have sent to your email address.',
  badCredentials: 'The email address or password is not correct.',
  notVerified: 'Verify your email address before you sign in. We have sent you a new link.',
  invalidSignInToken: 'This sign-in link has expired or has already been used.',
  invalidLoginCookie: 'Invalid login cookie.',
  tooManySignInAttempts:
    'Too many failed sign-in attempts. Wait {{minutes}} minutes, then try again or reset your password.',
  tooManyEmailRequests: 'Too many requests. Wait an hour, then try again.',
  tooManyFormCompilations:
    'Too many new forms were checked from this address. Wait {{minutes}} minutes, then try again.',
  signedOut: 'Signed out',
  // Account settings
  passwordUpdated: 'Password updated',
  userUpdated: 'User updated',
  accountDeleted: 'Your account has been deleted',
  wrongCurrentPassword: 'Your current password is not correct',
  otpRequiredByOrganisation: 'Your organisation requires a code at sign-in, so it cannot be turned off',
  // Interview booking (issue 13)
  interviewUnknown: 'This interview link is not valid. Check that you copied the whole link from your email.',
  interviewSlotTaken: 'This time has just been taken. Please choose another time.',
  interviewSlotGone: 'This time can no longer be booked. Please choose another time.',
  interviewExpired: 'The date to book this interview has passed.',
  interviewCancelled: 'This interview invitation has been cancelled.',
  interviewTooLate: 'It is too late to change this interview online. Please contact the organisation.',
  // Communications (issue 16)
  unsubscribeUnknown: 'This link to stop emails is not valid. Check that you copied the whole link from your email.',
  // Document signing (decision 0080)
  signingUnavailable: 'We could not reach the document-signing service just now. Try again in a few minutes.',
  // Events
  noEvent: "No event with id '{{id}}'.",
  eventRegistrationClosed: 'Registration for this event closed on {{date}}.',
  candidatesOnlyEvents: 'Only candidates can register for events.',
  checkInNotRegistered:
    'We cannot find a place at this event for that email address. Check it is the address you registered with, or ask a member of staff.',
  tooManyCheckIns: 'Too many check-in attempts. Wait {{minutes}} minutes, then try again, or ask a member of staff.',
  // Faults (issue 19)
  databaseUnavailable: 'We could not save or load this just now and nothing was changed. Try again in a few seconds.',
} as const;

export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number | readonly string[]>;

/** A message as the API sends it: the English text, and the code and params to translate it by. */
export const CodedMessage = Type.Object({
  message: Type.String(),
  code: Type.Optional(
    Type.String({ description: 'stable message code (schemas/messages.ts) to translate the message by' }),
  ),
  params: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: "the values of the message's {{placeholders}}" }),
  ),
});
export interface CodedMessage {
  message: string;
  code?: string;
  params?: MessageParams;
}

/**
 * How a language writes a list: the text between items, and the templates joining the last item to the others
 * ({{items}}, {{last}}) for an 'or' list and an 'and' list. A language's are its texts `ui.list.*`.
 */
export interface ListWords {
  separator: string;
  or: string;
  and: string;
}

const ENGLISH_LIST_WORDS: ListWords = { separator: ', ', or: '{{items}} or {{last}}', and: '{{items}} and {{last}}' };

/** A list as a language says it ("PDF, DOC or DOCX"; "PDF、DOC或DOCX"), English by default. */
export function joinList(items: readonly string[], kind: 'or' | 'and' = 'or', words = ENGLISH_LIST_WORDS): string {
  if (items.length < 2) return items[0] ?? '';
  return words[kind]
    .replace('{{items}}', () => items.slice(0, -1).join(words.separator))
    .replace('{{last}}', () => items[items.length - 1]!);
}

/** Fills a template's {{placeholders}}; a list param is joined as English says it. */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name]!;
    return Array.isArray(value) ? joinList(value) : String(value);
  });
}

/** The message of a code, in English, ready to send: `{ message, code, params }`. Dates are formatted by the caller. */
export function message(code: MessageCode, params?: MessageParams, englishParams?: MessageParams): CodedMessage {
  const text = fillTemplate(MESSAGES[code], { ...params, ...englishParams });
  return params ? { message: text, code, params } : { message: text, code };
}
