import { STATUS_CODES } from 'node:http';
import type { ErrorBody, ErrorIssue } from '@caredesk/shared';

/** A failure the client caused or may see; the error handler turns it into design.md §6's shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { statusCode: this.statusCode, error: STATUS_CODES[this.statusCode] ?? 'Error', message: this.message };
    if (this.issues) body.issues = this.issues;
    return body;
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'The request is not valid', issues?: ErrorIssue[]) {
    super(400, message, issues);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in to continue') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this area') {
    super(403, message);
  }
}

/** Also used for another organisation's ids: never confirm that they exist. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  /** `issues` names the field that must be unique, so a form can point at it. */
  constructor(message = 'This conflicts with existing data', issues?: ErrorIssue[]) {
    super(409, message, issues);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many attempts. Try again later.',
  ) {
    super(429, message);
  }
}

export function errorBody(statusCode: number, message: string, issues?: ErrorIssue[]): ErrorBody {
  return new AppError(statusCode, message, issues).toBody();
}
