// Shared setup for the jsdom tests: DOM matchers, one wait limit, a clean page and device storage after every test,
// window.scrollTo stubbed (and restored).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { performance as nodePerformance } from 'node:perf_hooks';
import * as webStreams from 'node:stream/web';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLanguage, loadLaterMessages } from '../../src/ui/i18n/i18n';

// The tests run inside jsdom's own context (the vm pool), without what Node adds to its own: the web streams (fetch's
// bodies, MSW's answers and the live stream's reader are Node's) and a performance timeline with marks (jsdom's only
// tells the time), which the app's boot writes to.
for (const [name, value] of Object.entries(webStreams)) {
  (globalThis as Record<string, unknown>)[name] ??= value;
}
if (typeof performance.mark !== 'function') {
  Object.defineProperty(globalThis, 'performance', { value: nodePerformance, configurable: true, writable: true });
}

// The app loads the guest's catalog during the splash (the rest of it once the menu is up); the tests render screens
// without it, in English unless a test switches (and the next test starts in English again), with every message.
await activateLanguage('en');
await loadLaterMessages();

// The first render of the whole app in a file (router, cache, lazy screen: modules Vitest transforms on first import)
// takes over ten seconds when the 2-core machine also runs the browsers and the provider's tests; the default one-second
// wait for an element would then fail for no reason. A passing test never waits for the limit.
configure({ asyncUtilTimeout: 25_000 });

// jsdom does not implement scrolling and logs "Not implemented" for every call; a spy instead, which tests may read or
// give an implementation, and which `restoreMocks` puts back after each test.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

// lottie-react's development build warns about every looping autoplay (WCAG 2.2.2) once per player. The loader is a
// loading indicator, which 2.2.2 counts as essential (docs/accessibility.md), so that one warning is left out of the
// tests' output, where it came from every test that shows the loader; every other warning still prints.
const LOTTIE_LOOP_WARNING = '[lottie-react] this animation starts by itself';
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith(LOTTIE_LOOP_WARNING)) return;
  warn(...args);
};

// jsdom has no media queries; the loader's player (lottie-react) asks for reduced motion itself, and the Day screen's
// chart (uPlot) for the screen's pixel ratio. No preference and no change, unless a test stubs its own.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// jsdom has no canvas; the loader's player (lottie-web) paints a 1 × 1 proxy image with one when its code arrives, on
// any screen of the app once the browser is idle (its SVG renderer draws with SVG elements, which jsdom has), and the
// Day screen's chart (uPlot) draws its bars, line and axes with one. Calls that draw nothing, with the paths they use.
const CANVAS_CALLS = [
  'beginPath',
  'clearRect',
  'clip',
  'fill',
  'fillRect',
  'fillText',
  'lineTo',
  'moveTo',
  'rect',
  'restore',
  'rotate',
  'save',
  'setLineDash',
  'stroke',
  'translate',
];
HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement) {
  const calls = Object.fromEntries(CANVAS_CALLS.map((name) => [name, () => {}]));
  return { canvas: this, fillStyle: '', ...calls } as unknown as CanvasRenderingContext2D;
} as unknown as typeof HTMLCanvasElement.prototype.getContext;
globalThis.Path2D ??= class Path2D {
  addPath() {}
  arc() {}
  arcTo() {}
  bezierCurveTo() {}
  closePath() {}
  lineTo() {}
  moveTo() {}
  rect() {}
} as unknown as typeof globalThis.Path2D;

// jsdom lays nothing out, so nothing is ever resized: an observer that never calls back (the Day screen's chart; the
// kitchen rail, which then measures a width of 0 and keeps its tablet's grid, as without one).
globalThis.ResizeObserver ??= class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(async () => {
  // A test that jumped the clock and failed before putting it back leaves the next one real time.
  vi.useRealTimers();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  await activateLanguage('en');
});

// jsdom has no modal dialogs; this stands in for the browser's: open, close, and the close event.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
// …and the browser's Escape key: a cancellable `cancel` event on the top dialog, then closing it unless cancelled.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const top = [...document.querySelectorAll('dialog[open]')].at(-1);
  if (top instanceof HTMLDialogElement && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
});

// jsdom computes a style afresh at every getComputedStyle, matching every rule of its own default style sheet, and a
// query by role asks for one at every node it walks (is it hidden?) to name each candidate: a fifth of the unit tests'
// CPU went there. Between two changes to the page the answer cannot differ, so it is kept until the next one: any
// mutation of the document, or a move of the focus, which `:focus` rules can see. Half the calls are answered so.
{
  const computeStyle = window.getComputedStyle.bind(window);
  let kept = new WeakMap<Element, CSSStyleDeclaration>();
  const forget = () => {
    kept = new WeakMap();
  };
  // Changes are forgotten as they are delivered, and read first at every call: one made in this very task is not
  // delivered yet.
  const changes = new MutationObserver(forget);
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('focusin', forget, true);
  document.addEventListener('focusout', forget, true);
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    if (changes.takeRecords().length > 0) forget();
    if (pseudoElement) return computeStyle(element, pseudoElement);
    let style = kept.get(element);
    if (style === undefined) {
      style = computeStyle(element);
      kept.set(element, style);
    }
    return style;
  };
}
