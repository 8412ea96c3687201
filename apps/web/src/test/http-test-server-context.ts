// What apps/web/http-test-server.ts (Vitest's globalSetup) hands the tests, typed for both sides.
import type {} from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:port of the test server. */
    httpTestBase: string;
    /** A port nothing listens on: a refused connection. */
    closedPort: number;
  }
}
