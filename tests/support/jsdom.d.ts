// The little of jsdom's API the provider's tests use to read a served page as a browser would (jsdom ships no types).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
