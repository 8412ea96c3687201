import type { ErrorBody, Language } from '@caredesk/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { en as zodEn, hi as zodHi, kn as zodKn, ta as zodTa } from 'zod/v4/locales';
import { bearerToken } from './auth.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable } from './db-errors.js';
import { AppError, TooManyRequestsError, errorBody } from './errors.js';
import { translate, translateEnglish, type Text } from './i18n/index.js';

const GENERIC_500 = 'Something went wrong. Please try again.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'CareDesk cannot reach its database right now. Try again in a moment.';

/** Fastify's own errors and http-errors (from @fastify/send) carry a statusCode. */
function clientErrorStatus(error: unknown): number | undefined {
  const status = error instanceof Error ? (error as Partial<FastifyError>).statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** JSON-pointer-ish "/items/0/name" -> "items.0.name"; the whole object -> its context ("body"). */
function issuePath(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || '';
}

type ZodMessage = ReturnType<typeof zodEn>['localeError'];

const zodMessages: Record<Language, ZodMessage> = {
  en: zodEn().localeError,
  hi: zodHi().localeError,
  kn: zodKn().localeError,
  ta: zodTa().localeError,
};

/** What zod's error maps answer: a text, or an object carrying one. */
function zodText(answer: ReturnType<ZodMessage>): string | undefined {
  return typeof answer === 'string' ? answer : answer?.message;
}

/** zod's English text names the type it received; its other languages need a value of that type. */
const RECEIVED: Record<string, unknown> = { undefined, null: null, string: '', number: 0, boolean: false, array: [], object: {}, date: new Date(0) };

/**
 * A validation issue's text in `language`: a schema's own English text from the catalogue, zod's
 * default text from zod's own translations (fastify-type-provider-zod keeps the issue's code and
 * parameters), else the English text as it is.
 */
function issueMessage(issue: ZodFastifySchemaValidationError, language: Language): string {
  const english = issue.message ?? 'Invalid value';
  if (language === 'en') return english;
  const fromCatalogue = translateEnglish(language, english);
  if (fromCatalogue !== undefined) return fromCatalogue;
  const received = /, received (\w+)$/.exec(english)?.[1];
  const input = received === undefined ? undefined : RECEIVED[received];
  const raw = { ...issue.params, code: issue.keyword, path: [], input } as unknown as Parameters<ZodMessage>[0];
  if (zodText(zodMessages.en(raw)) !== english) return english;
  return zodText(zodMessages[language](raw)) ?? english;
}

/**
 * A reply body in `language`. The error's text and its issues' come from the catalogue (by id when
 * they carry values, else by their English words); an issue repeating the error's follows it; a message that reads
 * "field: issue" is rebuilt from the translated issue. Field names never change; a text the
 * catalogue lacks stays in English.
 */
function localized(body: ErrorBody, language: Language, text?: Text, issueTexts: (Text | undefined)[] = []): ErrorBody {
  if (language === 'en') return body;
  const own = text ? translate(language, text.id, text.values) : translateEnglish(language, body.message);
  const issues = body.issues?.map((issue, index) => {
    const issueText = issueTexts[index];
    if (issueText) return { path: issue.path, message: translate(language, issueText.id, issueText.values) };
    return { path: issue.path, message: issue.message === body.message && own !== undefined ? own : (translateEnglish(language, issue.message) ?? issue.message) };
  });
  let message = own;
  const [firstEnglish] = body.issues ?? [];
  const [first] = issues ?? [];
  if (message === undefined && first && firstEnglish && body.message.toLowerCase() === `${firstEnglish.path}: ${firstEnglish.message}`.toLowerCase()) {
    message = `${first.path}: ${first.message}`;
  }
  return { ...body, message: message ?? body.message, ...(issues ? { issues } : {}) };
}

export interface ErrorHandlerOptions {
  /**
   * The saved language of the staff member behind a bearer token (lib/auth.ts's remembered
   * check), for replies made before `authenticate` ran: a body that failed validation or parsing.
   */
  staffLanguage?: (token: string) => Promise<Language | undefined>;
}

/**
 * The one place errors become replies: design.md §6 shape, no stacks, no 500 for bad input, 503
 * with Retry-After while the database is unreachable (as /api/health answers then), texts in the
 * request's language (English keeps SPEC.md's texts exactly).
 * 5xx are logged with the error (logging.ts keeps only its class, codes and frames: never a
 * message, parameter or value); 4xx are logged by the request log line only.
 */
export function registerErrorHandlers(app: FastifyInstance, options: ErrorHandlerOptions = {}): void {
  /** Before the pre-handlers (validation, body parsing), `authenticate` has not read the staff member's language yet. */
  async function earlyLanguage(request: FastifyRequest): Promise<Language> {
    const token = request.staff ? undefined : bearerToken(request);
    if (!token || !options.staffLanguage) return request.language;
    return (await options.staffLanguage(token).catch(() => undefined)) ?? request.language;
  }

  app.setErrorHandler(async (error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = await earlyLanguage(request);
      const issues = error.validation.map((issue) => ({
        path: issuePath(issue.instancePath, error.validationContext),
        message: issueMessage(issue, language),
      }));
      const first = issues[0];
      const message = first ? `${first.path}: ${first.message}` : translate(language, 'errors.badRequest');
      return reply.status(400).send(errorBody(400, message, issues));
    }
    if (error instanceof TooManyRequestsError) {
      void reply.header('Retry-After', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(localized(error.toBody(), request.language, error.text, error.issueTexts));
    }
    const status = clientErrorStatus(error);
    if (status !== undefined) {
      const code = (error as Partial<FastifyError>).code;
      // Also a body with a __proto__ or constructor.prototype key (secure-json-parse refuses it).
      const message = code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'The request body is not valid JSON' : (error as Error).message;
      // A body the content-type parser refused (not JSON, empty, too deep): the field at fault is the body.
      const issues = status === 400 && (code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError) ? [{ path: 'body', message }] : undefined;
      return reply.status(status).send(localized(errorBody(status, message, issues), await earlyLanguage(request)));
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'request failed: database unavailable');
      const body = localized(errorBody(503, DATABASE_UNAVAILABLE_MESSAGE), request.language);
      return reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send(body);
    }
    request.log.error({ err: error, route: request.routeOptions.url }, 'request failed');
    return reply.status(500).send(localized(errorBody(500, GENERIC_500), request.language));
  });
}

/** The 404 of design.md §6 for a path no route serves (the web console module decides which). */
export function notFoundBody(method: string, url: string) {
  return errorBody(404, `No route ${method} ${url.split('?')[0] ?? ''}`);
}
