// Types for the build-time configuration the app reads from import.meta.env.
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Origin of the provider API; empty means the app's own origin. */
  readonly VITE_API_ORIGIN?: string;
  /** Bearer token sent with every provider call. */
  readonly VITE_API_TOKEN?: string;
  /** "true" in development attaches the Stately inspector to every actor. */
  readonly VITE_INSPECT?: string;
  /** ISO 4217 currency of the restaurant's prices. */
  readonly VITE_CURRENCY?: string;
  /** BCP 47 locale used to format prices and times. */
  readonly VITE_LOCALE?: string;
  /** The restaurant's name in the header. */
  readonly VITE_RESTAURANT_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// A message catalog's part (scripts/vite-message-catalogs.ts): its compiled messages.
declare module '*.json?part=first' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module '*.json?part=later' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
