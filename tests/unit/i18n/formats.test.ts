// Words follow the guest's language, numbers the restaurant's: Arabic and Spanish minutes take their plural forms, and
// a list of allergens is joined as the guest's language joins one, whatever the restaurant's locale.
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_FORMATS, formatAnd, formatMoney, setRestaurantFormats } from '../../../src/ui/format';
import { activateLanguage, allergenList, t } from '../../../src/ui/i18n/i18n';
import { kitchenText } from '../../../src/ui/pos/kitchen-summary';

afterEach(async () => {
  setRestaurantFormats(BUILD_FORMATS);
  await activateLanguage('en');
});

const kitchen = (minutes: number) =>
  kitchenText({ open_orders: 3, average_wait_minutes: minutes, tables_free: 4, tables_total: 12 });

describe('minutes in the guest’s language', () => {
  it('Arabic says one minute, two minutes, 3 to 10 minutes and 11 minutes each in its own form', async () => {
    await activateLanguage('ar');
    expect(t('dish.readyIn', { minutes: 1 })).toBe('جاهز خلال دقيقة واحدة تقريبًا');
    expect(t('dish.readyIn', { minutes: 2 })).toBe('جاهز خلال دقيقتين تقريبًا');
    expect(t('dish.readyIn', { minutes: 3 })).toMatch(/^جاهز خلال (3|٣) دقائق تقريبًا$/);
    expect(t('dish.readyIn', { minutes: 11 })).toMatch(/^جاهز خلال (11|١١) دقيقة تقريبًا$/);
    expect(kitchen(5)).toMatch(/حوالي (5|٥) دقائق$/);
    expect(kitchen(2)).toMatch(/حوالي دقيقتين$/);
    expect(t('order.wait', { minutes: 3, ahead: 0 })).toMatch(/^جاهز خلال (3|٣) دقائق تقريبًا: /);
  });

  it('Spanish says "unos" only of several minutes', async () => {
    await activateLanguage('es');
    expect(t('dish.readyIn', { minutes: 1 })).toBe('Listo en 1 min aprox.');
    expect(t('dish.readyIn', { minutes: 12 })).toBe('Listo en unos 12 min');
    expect(kitchen(1)).toBe('Cocina: 3 pedidos por delante, 1 min aprox.');
  });

  it('English keeps "about 12 min"', async () => {
    await activateLanguage('en');
    expect(kitchen(12)).toBe('Kitchen: 3 orders ahead, about 12 min');
  });
});

describe('lists in the guest’s language', () => {
  it('an English guest at a restaurant whose locale is es-ES reads an English list, and its money', async () => {
    setRestaurantFormats({ currency: 'EUR', locale: 'es-ES', ownLanguage: 'en', timeZone: undefined });
    await activateLanguage('en');
    expect(allergenList(['gluten', 'milk', 'celery'])).toBe('gluten, milk, celery');
    expect(formatAnd(['Ana', 'Ben'])).toBe('Ana and Ben');
    expect(formatMoney(12.5)).toMatch(/^12,50\s€$/);
  });

  it('a Spanish guest reads a Spanish list', async () => {
    setRestaurantFormats({ currency: 'USD', locale: 'en-US', ownLanguage: 'en', timeZone: undefined });
    await activateLanguage('es');
    expect(formatAnd(['Ana', 'Ben'])).toBe('Ana y Ben');
  });
});
