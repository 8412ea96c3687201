import { STATUS_CODES } from 'node:http';
import type { ErrorBody, ErrorIssue, Language } from '@caredesk/shared';
import { translate, translateEnglish, type Text } from './i18n/index.js';

/** An issue as code raises it: its message a fixed English text or a catalogue message with values. */
export interface IssueInput {
  path: string;
  message: string | Text;
}

const english = (message: string | Text) => (typeof message === 'string' ? message : translate('en', message.id, message.values));

/**
 * A failure the client caused or may see; the error handler turns it into design.md §6's shape,
 * in the request's language. `message` is always the English text (what logs and tests read): a
 * fixed English text is found in the catalogue by its words, a text with values is given as
 * `text(id, values)`, and an issue whose message is the error's own is translated with it.
 */
export class AppError extends Error {
  /** The catalogue message behind `message`, when it carries values. */
  readonly text: Text | undefined;
  readonly issues: ErrorIssue[] | undefined;
  /** The catalogue message behind each issue's, where it carries values (index for index). */
  readonly issueTexts: (Text | undefined)[];

  constructor(
    readonly statusCode: number,
    message: string | Text,
    issues?: IssueInput[],
  ) {
    super(english(message));
    this.text = typeof message === 'string' ? undefined : message;
    this.issues = issues?.map((issue) => ({ path: issue.path, message: english(issue.message) }));
    this.issueTexts = issues?.map((issue) => (typeof issue.message === 'string' ? undefined : issue.message)) ?? [];
    this.name = new.target.name;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, error: STATUS_CODES[this.statusCode] ?? 'Error', message: this.message };
    if (this.issues) body.issues = this.issues;
    return body;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string | Text = 'The request is not valid', issues?: IssueInput[]) {
    super(400, message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string | Text = 'Sign in to continue') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string | Text = 'You do not have access to this area') {
    super(403, message);
  }
}

/** Also used for another organisation's ids: never confirm that they exist. */
export class NotFoundError extends AppError {
  constructor(message: string | Text = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  /** `issues` names the field that must be unique, so a form can point at it. */
  constructor(message: string | Text = 'This conflicts with existing data', issues?: IssueInput[]) {
    super(409, message, issues);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string | Text = 'Too many attempts. Try again later.',
  ) {
    super(429, message);
  }
}

export function errorBody(statusCode: number, message: string, issues?: ErrorIssue[]): ErrorBody {
  return new AppError(statusCode, message, issues).toBody();
}

/**
 * An error's text in `language`, as the error handler words it, for a refusal that travels inside
 * a successful reply (one visit of a bulk cancel). A text the catalogue lacks stays in English.
 */
export function errorMessageIn(error: AppError, language: Language): string {
  if (error.text) return translate(language, error.text.id, error.text.values);
  return translateEnglish(language, error.message) ?? error.message;
}
