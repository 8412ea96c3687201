// Catalogues compiled at build time by packages/catalogues (vite.config.ts).
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
