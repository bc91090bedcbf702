// Shared setup for the jsdom tests: DOM matchers, a clean page and device storage after every test, and no canvas-bound player.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, vi } from 'vitest';

// lottie-web needs a real canvas, which jsdom lacks; the real player is exercised in Chromium by the end-to-end tests.
vi.mock('../../src/ui/loader/plate-animation', () => ({
  default: () => createElement('div', { 'data-testid': 'plate-animation' }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
