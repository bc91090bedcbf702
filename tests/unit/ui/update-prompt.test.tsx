// A new version waiting in the service worker: a polite prompt with a real Reload button, held back while an order is on its way.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAppUpdate, setCheckoutBusy, updateIsReady } from '../../../src/ui/shell/app-update';
import { UpdatePrompt } from '../../../src/ui/shell/update-prompt';

afterEach(() => act(() => resetAppUpdate()));

describe('update prompt', () => {
  it('says nothing until a new version is waiting, then offers Reload, which applies it only when pressed', async () => {
    const apply = vi.fn(() => Promise.resolve());
    render(<UpdatePrompt />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();

    act(() => updateIsReady(apply));
    // The offer's words and button come with the frame's notices, fetched when one is first to show.
    const reload = await screen.findByRole('button', { name: 'Reload' });
    expect(region).toHaveTextContent('A new version is ready.');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('waits while an order is on its way or queued, and shows once the checkout is done', async () => {
    render(<UpdatePrompt />);
    act(() => setCheckoutBusy(true));
    act(() => updateIsReady(() => Promise.resolve()));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();

    act(() => setCheckoutBusy(false));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
