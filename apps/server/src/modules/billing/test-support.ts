/** What other modules' tests use of billing's own test helpers (lint keeps them out of its files). */
export { readPdf } from './pdf-test-support.js';
