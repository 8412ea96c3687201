/** The environment variable through which tests learn where the server listens. */
export const BASE_URL_ENV = 'CAREDESK_E2E_BASE_URL';
