// The menu right after the splash: its first frame draws the cards a phone shows, the next frame the rest of the page.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AppMachineContext } from '../../../src/machines/app.context';
import { appMachine } from '../../../src/machines/app.machine';
import { FIRST_FRAME_CARDS } from '../../../src/ui/pos/menu-list';
import { BootScreen } from '../../../src/ui/shell/boot-screen';
import { appAt } from '../../support/render-app';
import { setupMsw } from '../../support/msw-server';
import { fakeProvider } from '../cart/support';

const provider = fakeProvider();
setupMsw(...provider.handlers);

/** Frames the test draws itself: animation callbacks wait until `drawFrame`. */
let frameCallbacks: FrameRequestCallback[] = [];
function drawFrame() {
  const callbacks = frameCallbacks;
  frameCallbacks = [];
  for (const callback of callbacks) callback(performance.now());
}

beforeEach(() => {
  provider.reset();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frameCallbacks.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  frameCallbacks = [];
});

describe('the first screen after the splash', () => {
  it('draws the first cards in its first frame, then the rest of the page', async () => {
    const { element } = appAt('/?category_id=1');
    const logic = appMachine.provide({
      actors: { restoreCache: fromPromise(async () => {}), warmUp: fromPromise(async () => {}) },
      delays: { rehydrateTimeout: 5000, splash: 0 },
    });
    render(
      <AppMachineContext.Provider logic={logic}>
        <BootScreen app={element} />
      </AppMachineContext.Provider>,
    );

    await screen.findByRole('link', { name: 'Roasted Tomato Soup' });
    expect(screen.getAllByTestId('menu-item')).toHaveLength(FIRST_FRAME_CARDS);

    await act(async () => drawFrame());
    await waitFor(() => expect(screen.getAllByTestId('menu-item')).toHaveLength(16));
  });
});
