// A piece of the frame loaded on demand that may be absent: offline before its code came it shows nothing and never
// fails the page; it comes once the network is back.
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { optionalPiece } from '../../../src/ui/lazy-screen';

function Notice({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('optional piece', () => {
  it('shows nothing while its code cannot be fetched, and comes when the network is back', async () => {
    const load = vi
      .fn<() => Promise<{ Notice: typeof Notice }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Notice });
    const Piece = optionalPiece(load, 'Notice');
    const { container } = render(
      <main>
        <h1>Menu</h1>
        <Piece text="A new version is ready." />
      </main>,
    );
    // The failed fetch leaves the page as it was: no error screen, no piece.
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Menu' })).toBeInTheDocument();
    expect(container.querySelector('p')).toBeNull();

    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('A new version is ready.')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders at once where its code is already fetched', async () => {
    const Piece = optionalPiece(() => Promise.resolve({ Notice }), 'Notice');
    await Piece.preload();
    render(<Piece text="Order placed" />);
    expect(screen.getByText('Order placed')).toBeInTheDocument();
  });
});
