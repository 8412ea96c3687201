import { signInWaitMessage, type SignInRequest, type SignInResponse } from '@caredesk/shared';
import { errorIssues, errorMessage, errorStatus, http, retryAfterSeconds } from '@/lib/http';
import { parseSessionUser } from '@/lib/session-user';

/** What a sign-in attempt gives: the session, or the text to show and the server's field errors of a 400. */
export type SignInResult = { ok: true; response: SignInResponse } | { ok: false; message: string; issues: { path: string; message: string }[] };

/** signInResponseSchema's checks by hand (zod stays out of the first load), the user as lib/session stores it. */
function parseSignInResponse(data: unknown): SignInResponse | null {
  if (typeof data !== 'object' || data === null) return null;
  const { user, access_token: accessToken, refresh_token: refreshToken } = data as Record<string, unknown>;
  const sessionUser = parseSessionUser(user);
  if (!sessionUser || typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
  return { user: sessionUser, access_token: accessToken, refresh_token: refreshToken };
}

/**
 * The sign-in form loads this module, and with it the HTTP client, on demand: the
 * sign-in page is most visits' first page, and nothing else on it needs them (the form starts
 * loading them once a field is typed in).
 */
export async function signIn(credentials: SignInRequest): Promise<SignInResult> {
  let data: unknown;
  try {
    // A 401 here is a wrong password, not an expired session: no refresh.
    ({ data } = await http.post<unknown>('/admin/auth', credentials, { skipAuthRefresh: true }));
  } catch (error) {
    // A 429 says how long to wait (from Retry-After, in the server's words), so a slowed sign-in does not look like a lock.
    if (errorStatus(error) === 429) {
      const seconds = retryAfterSeconds(error);
      return { ok: false, message: seconds ? signInWaitMessage(seconds) : 'Too many attempts. Try again later.', issues: [] };
    }
    return { ok: false, message: errorMessage(error), issues: errorIssues(error) };
  }
  const response = parseSignInResponse(data);
  if (!response) return { ok: false, message: 'The server sent a reply the console cannot read. Try again.', issues: [] };
  return { ok: true, response };
}
