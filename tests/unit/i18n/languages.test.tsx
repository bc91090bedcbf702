// The guest's screens in Spanish and Arabic: POS, dish dialog, cart and order page read from the catalogs, the menu
// comes in the language (Accept-Language) and so do the order's lines, prices through Intl; switching in the header
// applies at once and is kept.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../src/device/language';
import { activateLanguage } from '../../../src/ui/i18n/i18n';
import { setupMsw } from '../../support/msw-server';
import { renderApp } from '../../support/render-app';
import { seatingSchema } from '../../../contract/bill';
import { API, fakeProvider, placeViaApi } from '../cart/support';

const provider = fakeProvider();
setupMsw(...provider.handlers);

beforeEach(() => {
  provider.reset();
});

interface Expected {
  menu: string;
  soup: string;
  addSoup: string;
  size: string;
  cart: string;
  placeOrder: RegExp;
  order: string;
  received: string;
  dir: 'ltr' | 'rtl';
  tableBill: RegExp;
  callWaiter: string;
  tableEmpty: string;
  filterSummary: string;
  hideGroup: string;
  peanuts: string;
  vegan: string;
  filterStatus: string;
}

const EXPECTED: Record<Exclude<Language, 'en'>, Expected> = {
  es: {
    menu: 'Carta',
    soup: 'Sopa de tomate asado',
    addSoup: 'Añadir Sopa de tomate asado al carrito',
    size: 'Tamaño',
    cart: 'Tu carrito',
    placeOrder: /^Hacer pedido · /,
    order: 'Pedido',
    received: 'Recibido',
    dir: 'ltr',
    tableBill: /: la cuenta de la mesa$/,
    callWaiter: 'Llamar al camarero',
    tableEmpty: 'Todavía no se ha pedido nada en esta mesa',
    filterSummary: 'Alérgenos y dietas (1 activos)',
    hideGroup: 'Ocultar platos que contengan…',
    peanuts: 'Cacahuetes',
    vegan: 'Vegano',
    filterStatus: 'Tus filtros',
  },
  ar: {
    menu: 'القائمة',
    soup: 'شوربة الطماطم المشوية',
    addSoup: 'أضف شوربة الطماطم المشوية إلى السلة',
    size: 'الحجم',
    cart: 'سلتك',
    placeOrder: /^قدّم الطلب · /,
    order: 'الطلب',
    received: 'تم الاستلام',
    dir: 'rtl',
    tableBill: /: فاتورة الطاولة$/,
    callWaiter: 'استدعاء النادل',
    tableEmpty: 'لم يُطلب شيء على هذه الطاولة بعد',
    filterSummary: 'مسببات الحساسية والأنظمة الغذائية (1 مفعّلة)',
    hideGroup: 'إخفاء الأطباق التي تحتوي على…',
    peanuts: 'الفول السوداني',
    vegan: 'نباتي صرف',
    filterStatus: 'عوامل التصفية',
  },
};

const money = (language: Language, amount: number) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);

describe.each(Object.entries(EXPECTED) as [Exclude<Language, 'en'>, Expected][])('in %s', (language, expected) => {
  beforeEach(async () => {
    await activateLanguage(language);
  });

  it('the POS shows the catalog’s words, the menu in the language and prices through Intl', async () => {
    renderApp('/?category_id=1');
    expect(await screen.findByRole('heading', { level: 1, name: expected.menu })).toBeInTheDocument();
    const soup = await screen.findByRole('link', { name: expected.soup });
    const card = soup.closest('article')!;
    expect(within(card).getByRole('button', { name: expected.addSoup })).toBeInTheDocument();
    expect(card.textContent).toContain(money(language, 7.5));
    expect(document.documentElement).toHaveAttribute('lang', language);
    expect(document.documentElement).toHaveAttribute('dir', expected.dir);
  });

  it('the dish dialog names its option groups in the language', async () => {
    renderApp('/?menu_id=37');
    const dialog = await screen.findByTestId('menu-item-dialog');
    expect(await within(dialog).findByRole('group', { name: new RegExp(expected.size) })).toBeInTheDocument();
  });

  it('the cart and its Place order button are in the language', async () => {
    localStorage.setItem('order_items', JSON.stringify([{ id: 'a', menu_id: 1, name: expected.soup, price: 7.5 }]));
    renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: expected.cart })).toBeInTheDocument();
    expect(screen.getByTestId('place-order')).toHaveTextContent(expected.placeOrder);
    expect(screen.getByTestId('cart-subtotal').textContent).toBe(money(language, 7.5));
  });

  it('the order page is in the language, its lines too (the kitchen keeps the restaurant’s names)', async () => {
    const orderID = await placeViaApi({ table_id: 3, items: [{ menu_id: 1, quantity: 1 }] });
    renderApp(`/cart?orderID=${orderID}`);
    expect(await screen.findByRole('heading', { level: 1, name: `${expected.order} ${orderID}` })).toBeInTheDocument();
    expect(await screen.findByTestId('order-status')).toHaveTextContent(expected.received);
    await waitFor(() => expect(screen.getByTestId('order-line')).toHaveTextContent(expected.soup));
  });

  it('the Table page (table sessions) is in the language', async () => {
    // This phone came by table 5's printed code and joined its seating, as a scan does.
    localStorage.setItem('table_id', '5');
    localStorage.setItem('table_key', JSON.stringify({ table_id: 5, key: provider.tableKey(5) }));
    const response = await fetch(`${API}/table/seating`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token', 'X-Table-Key': provider.tableKey(5) },
    });
    const seating = seatingSchema.parse(await response.json());
    localStorage.setItem('table_seating', JSON.stringify({ table_id: 5, status: 'joined', ...seating }));
    renderApp('/table');
    expect(await screen.findByRole('heading', { level: 1, name: expected.tableBill })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: expected.callWaiter })).toBeInTheDocument();
    expect(screen.getByText(expected.tableEmpty)).toBeInTheDocument();
  });

  it('the allergen and diet filter panel is in the language', async () => {
    renderApp('/?category_id=3&sub_cat_id=7&hide=peanuts');
    const filter = await screen.findByTestId('dish-filter');
    expect(within(filter).getByText(expected.filterSummary)).toBeInTheDocument();
    const group = await within(filter).findByRole('group', { name: expected.hideGroup });
    expect(within(group).getByRole('checkbox', { name: expected.peanuts })).toBeChecked();
    expect(within(filter).getByRole('checkbox', { name: expected.vegan })).not.toBeChecked();
    expect(await screen.findByTestId('dish-filter-status')).toHaveTextContent(expected.filterStatus);
  });
});

describe('the language switch', () => {
  it('changes the screen and the menu at once, and remembers the choice on the device', async () => {
    const user = userEvent.setup();
    renderApp('/?category_id=1');
    expect(await screen.findByRole('link', { name: 'Roasted Tomato Soup' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carta' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sopa de tomate asado' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Roasted Tomato Soup' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(localStorage.getItem('language')).toBe('es');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Idioma' }), 'ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(await screen.findByRole('link', { name: 'شوربة الطماطم المشوية' })).toBeInTheDocument();
  });
});
