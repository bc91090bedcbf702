// The loader picture: the still frame until the Lottie player has arrived, then lottie's own SVG; only the still frame
// when the guest asked for less motion.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScreenLoader } from '../../../src/ui/loader/screen-loader';
import { SplashScreen } from '../../../src/ui/shell/splash-screen';
import stillPicture from '../../../src/ui/loader/plate-still.svg?raw';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The picture index.html paints before any script (vite.config.ts), which the loader shows as its still frame. */
function paintPagePicture() {
  const splash = document.createElement('div');
  splash.id = 'boot-splash';
  const picture = document.createElement('img');
  picture.src = `data:image/svg+xml,${encodeURIComponent(stillPicture.trim())}`;
  splash.append(picture);
  document.body.append(splash);
}

beforeEach(() => {
  paintPagePicture();
  // jsdom has no canvas; lottie-web only paints a 1 × 1 transparent proxy image with one when it loads (the SVG renderer
  // draws with SVG elements, which jsdom has).
  const context = { fillStyle: '', fillRect: () => {} } as unknown as CanvasRenderingContext2D;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('boot-splash')?.remove();
});

describe('loader picture', () => {
  it('shows the still frame, at the same size, with reduced motion, and never fetches the player', () => {
    prefersReducedMotion(true);
    const { container } = render(<ScreenLoader />);
    const still = container.querySelector('img');
    // The page's own picture, not a second copy of it.
    expect(still?.getAttribute('src')).toBe(document.querySelector('#boot-splash img')?.getAttribute('src'));
    expect(still).toHaveAttribute('width', '250');
    expect(still).toHaveAttribute('height', '350');
    expect(still).toHaveAttribute('alt', '');
    expect(container.querySelector('svg')).toBeNull();
  });

  it("keeps the still frame's place, empty, on a page without the picture", () => {
    prefersReducedMotion(true);
    document.getElementById('boot-splash')?.remove();
    const { container } = render(<ScreenLoader />);
    expect(container.querySelector('.plate-loader__art')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the still frame before the player is loaded, then lottie-react plays the plate as an SVG', async () => {
    prefersReducedMotion(false);
    const { container } = render(<ScreenLoader />);
    expect(container.querySelector('.plate-loader img')).toBeInTheDocument();
    expect(container.querySelector('.plate-loader svg')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    const player = await screen.findByTestId('plate-animation');
    // lottie-web's SVG renderer draws the Lottie document (512 × 512) inside the 250 × 350 box, looping.
    const svg = await vi.waitFor(() => {
      const drawn = player.querySelector('svg');
      if (!drawn) throw new Error('the player has not drawn yet');
      return drawn;
    });
    expect(svg).toHaveAttribute('viewBox', '0 0 512 512');
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(container.querySelector('.plate-loader img')).toBeNull();
  });

  it('the splash leaves fetching the player to the boot, and uses it once loaded', () => {
    prefersReducedMotion(false);
    render(<SplashScreen />);
    // Loaded by the previous test: the same player, no fetch of its own.
    expect(screen.getByTestId('splash').querySelector('[data-testid="plate-animation"]')).toBeInTheDocument();
    expect(screen.getByTestId('splash')).toHaveTextContent('Preparing the menu…');
  });
});
