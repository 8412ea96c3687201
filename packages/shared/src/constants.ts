/** Business constants of SPEC.md §9, named once for the console and the server. */
export const PRODUCT_NAME = 'CareDesk';
export const PRODUCT_PROVIDER = 'CareDesk Health Technologies';
export const CONSOLE_TITLE = 'Admin';

export const REQUEST_TIMEOUT_MS = 80_000;
export const CLOCK_REFRESH_MS = 1_000;

export const STORAGE_KEYS = {
  user: 'user',
  accessToken: 'accessToken',
  tempAccessToken: 'tempAccessToken',
  refreshToken: 'refreshToken',
} as const;

export const WALLET_LOW_BALANCE = 100;
export const WALLET_DEFAULT_RECHARGE = 100;
export const WALLET_QUICK_ADD = [100, 500, 1000] as const;
export const CURRENCY = 'INR';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const EMPTY_DATE_ISO = '1970-01-01T00:00:00.000Z';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
