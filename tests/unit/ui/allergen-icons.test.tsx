// The allergen pictures: one distinct line drawing per allergen, decorative, drawn without any font.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '../../../contract/guest';
import { AllergenIcon, AllergenIcons } from '../../../src/ui/allergen-icons';
import spriteFile from '../../../src/ui/allergen-icons.svg?raw';

describe('allergen pictures', () => {
  it('draws every allergen as its own SVG, with no text a missing emoji font could turn into boxes', () => {
    const { container } = render(
      <>
        {ALLERGENS.map((allergen) => (
          <AllergenIcon key={allergen} allergen={allergen} />
        ))}
      </>,
    );
    const icons = [...container.querySelectorAll('svg')];
    expect(icons.map((icon) => icon.dataset.allergen)).toEqual([...ALLERGENS]);
    // Each icon shows its allergen's symbol from the sprite, and the sprite draws each one differently.
    const shown = icons.map((icon) => icon.querySelector('use')?.getAttribute('href') ?? '');
    expect(shown.map((href) => href.split('#')[1])).toEqual([...ALLERGENS]);
    expect(new Set(shown.map((href) => href.split('#')[0])).size).toBe(1);
    const sprite = new DOMParser().parseFromString(spriteFile, 'image/svg+xml');
    const drawings = ALLERGENS.map(
      (allergen) => sprite.getElementById(allergen)?.querySelector('path')?.getAttribute('d') ?? '',
    );
    expect(drawings.every((d) => /^M[\d.]/.test(d))).toBe(true);
    expect(new Set(drawings).size).toBe(ALLERGENS.length);
    expect(container.textContent).toBe('');
    for (const icon of icons) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon).toHaveAttribute('focusable', 'false');
    }
  });

  it('shows the declared allergens only, hidden from screen readers, and nothing for none or undeclared', () => {
    const { container, rerender } = render(<AllergenIcons allergens={['milk', 'not-an-allergen', 'gluten']} />);
    const group = container.querySelector('[data-testid="allergen-icons"]');
    expect(group).toHaveAttribute('aria-hidden', 'true');
    expect([...container.querySelectorAll('svg')].map((icon) => icon.dataset.allergen)).toEqual(['milk', 'gluten']);
    rerender(<AllergenIcons allergens={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<AllergenIcons allergens={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
