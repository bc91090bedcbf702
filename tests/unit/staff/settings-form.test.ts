// The Settings form's model: percentages people type become the contract's fractions and back, and the provider's
// field errors find their fields.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTAURANT } from '../../../server/restaurant/restaurant-store';
import {
  errorsByField,
  fieldOf,
  firstErrorField,
  formFromProfile,
  percentOf,
  profileFromForm,
  rateOf,
} from '../../../src/ui/staff/settings-form';

describe('rates typed as percentages', () => {
  it.each([
    ['10', 0.1],
    ['7.5', 0.075],
    ['7,5', 0.075],
    ['8.25 %', 0.0825],
    [' 0 ', 0],
    ['12.345', 0.1235],
  ])('"%s" is sent as %s', (typed, rate) => expect(rateOf(typed)).toBe(rate));

  it.each(['', 'ten', '-5', '1e2', '10%%', '.5'])('"%s" is not a percentage', (typed) =>
    expect(rateOf(typed)).toBeUndefined(),
  );

  it('shows fractions as people read them', () => {
    expect([0.1, 0.075, 0.0825, 0.07, 0.125].map(percentOf)).toEqual(['10', '7.5', '8.25', '7', '12.5']);
  });
});

describe('the form and the profile', () => {
  it('gives back the profile it was made from', () => {
    const profile = {
      ...DEFAULT_RESTAURANT,
      public_url: 'https://order.example.com',
      service_charge: { rate: 0.125, applies_to: 'food' as const },
      tax: { rate: 0.21, included: false },
    };
    expect(profileFromForm(formFromProfile(profile))).toEqual({ profile });
  });

  it('sends none for an unticked service charge or tips, and no public address for an empty one', () => {
    const form = { ...formFromProfile(DEFAULT_RESTAURANT), serviceCharge: false, tips: false, tipPresets: 'x' };
    const result = profileFromForm({ ...form, publicUrl: '  ' });
    expect(result).toMatchObject({ profile: { service_charge: null, tips: null, public_url: null } });
  });

  it('names each field it cannot read, and sends nothing', () => {
    const form = {
      ...formFromProfile(DEFAULT_RESTAURANT),
      taxPercent: 'abc',
      serviceCharge: true,
      servicePercent: '',
      tipPresets: '10, lots',
      languages: [],
    };
    const result = profileFromForm(form);
    expect(result).toEqual({
      errors: {
        'tax.rate': expect.any(String),
        'service_charge.rate': expect.any(String),
        'tips.presets': expect.any(String),
        languages: expect.any(String),
      },
    });
    expect('errors' in result && firstErrorField(result.errors)).toBe('languages');
  });
});

describe('the contract’s limits, said in the form’s terms', () => {
  it('names an empty or long name, and rates above their limit in percent, before anything is sent', () => {
    const form = {
      ...formFromProfile(DEFAULT_RESTAURANT),
      name: '  ',
      taxPercent: '1000',
      serviceCharge: true,
      servicePercent: '51',
      tips: true,
      tipPresets: '10, 150',
    };
    expect(profileFromForm(form)).toEqual({
      errors: {
        name: 'Enter the restaurant’s name',
        'tax.rate': 'Tax is at most 50 %',
        'service_charge.rate': 'The service charge is at most 50 %',
        'tips.presets': 'A suggested tip is at most 100 %',
      },
    });
    expect(
      profileFromForm({
        ...form,
        name: 'x'.repeat(81),
        taxPercent: '50',
        servicePercent: '50',
        tipPresets: '1, 2, 3, 4, 5, 6',
      }),
    ).toEqual({
      errors: { name: 'At most 80 characters (this has 81)', 'tips.presets': 'At most 5 suggested tips' },
    });
  });
});

describe('the provider’s field errors', () => {
  it('find the field they belong to, the most precise one', () => {
    expect(fieldOf('tips.presets.2')).toBe('tips.presets');
    expect(fieldOf('tips')).toBe('tips');
    expect(fieldOf('service_charge.applies_to')).toBe('service_charge.applies_to');
    expect(fieldOf('languages.1')).toBe('languages');
    expect(fieldOf('profile')).toBe('form');
    expect(fieldOf('tax')).toBe('form');
  });

  it('keep the first reason of each field, and focus goes to the first field in the form’s order', () => {
    const errors = errorsByField({
      public_url: 'an origin',
      'tips.presets.0': 'too high',
      'tips.presets.1': 'too high too',
      currency: 'unknown currency XYZ',
    });
    expect(errors).toEqual({ public_url: 'an origin', 'tips.presets': 'too high', currency: 'unknown currency XYZ' });
    expect(firstErrorField(errors)).toBe('currency');
    expect(firstErrorField({ form: 'no' })).toBe('form');
    expect(firstErrorField({})).toBeUndefined();
  });
});
