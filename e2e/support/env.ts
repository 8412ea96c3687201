/** The environment variable through which tests learn where the server listens. */
export const BASE_URL_ENV = 'CAREDESK_E2E_BASE_URL';

/** The file the server's output goes to (the patient app's sign-in codes are logged there in development). */
export const SERVER_LOG_ENV = 'CAREDESK_E2E_SERVER_LOG';

/**
 * Where the second server listens, whose access tokens live SHORT_TOKEN_SECONDS (two-tabs.spec:
 * many expiries in a minute). Global setup starts it beside the shared one.
 */
export const SHORT_TOKEN_URL_ENV = 'CAREDESK_E2E_SHORT_TOKEN_URL';
export const SHORT_TOKEN_SECONDS = 3;
