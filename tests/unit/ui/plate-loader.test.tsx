// The loader picture: the animation when motion is welcome, the still frame when the guest asked for less motion.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenLoader } from '../../../src/ui/loader/screen-loader';
import { SplashScreen } from '../../../src/ui/shell/splash-screen';

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loader picture', () => {
  it('plays the animation, 250 by 350, once its code has arrived', async () => {
    prefersReducedMotion(false);
    render(<ScreenLoader />);
    expect(await screen.findByTestId('plate-animation')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows the still frame, at the same size, with reduced motion', () => {
    prefersReducedMotion(true);
    const { container } = render(<SplashScreen />);
    const still = container.querySelector('img');
    expect(still).toHaveAttribute('width', '250');
    expect(still).toHaveAttribute('height', '350');
    expect(still).toHaveAttribute('alt', '');
    expect(screen.queryByTestId('plate-animation')).not.toBeInTheDocument();
    expect(screen.getByTestId('splash')).toHaveTextContent('Preparing the menu…');
  });
});
