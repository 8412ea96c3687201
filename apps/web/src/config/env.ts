/** Where the API lives; the server serves the console under the same origin by default. */
export const env = {
  apiBase: import.meta.env.VITE_API_BASE ?? '/api',
} as const;
