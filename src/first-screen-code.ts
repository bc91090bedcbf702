// The id of index.html's template of the first screen's code: written by the build (scripts/vite-first-screen-preload.ts),
// read by the early script (src/early.ts). Kept free of the DOM so the build's own code can import it.
export const FIRST_SCREEN_CODE = 'first-screen-code';
