// Text a person types for others to read: the marks that reorder what follows them are taken out.
import { describe, expect, it } from 'vitest';
import { stripBidiControls } from '../../../src/domain/text';

describe('stripBidiControls', () => {
  it('takes out the marks that reorder what follows them', () => {
    expect(stripBidiControls('\u202Eecila')).toBe('ecila');
    expect(stripBidiControls('Ana\u200F')).toBe('Ana');
  });
});
