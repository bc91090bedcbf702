// The demo restaurant, Amber Table, as typed data with fixed ids: seeded by the provider, served by the MSW fake.
import type { Allergen, Category, MenuItem, MenuTag, OptionGroup, SubCategory, Table } from '../../contract/guest';

export interface DemoRestaurant {
  name: string;
  categories: Category[];
  subCategories: SubCategory[];
  menuItems: MenuItem[];
  tables: Table[];
  /** Where dishes are made (contract v1.2 stations): by category, overridden by dish; the rest at `kitchen`. */
  stations?: { categories?: Readonly<Record<number, string>>; dishes?: Readonly<Record<number, string>> };
}

const img = (dish: string, variant: 1 | 2 | 3) => `/images/dishes/${dish}-${variant}.svg`;

const categories: Category[] = [
  {
    id: 1,
    name: 'Starters',
    description: 'Soups, salads and small plates to share while you settle in',
    image: img('tapas', 1),
    sort: 1,
  },
  {
    id: 2,
    name: 'Mains',
    description: 'Hearty plates from the grill, the sea and the garden',
    image: img('steak', 1),
    sort: 2,
  },
  {
    id: 3,
    name: 'Pizza & Pasta',
    description: 'Wood-fired pizza and fresh pasta, made in house every morning',
    image: img('pizza', 1),
    sort: 3,
  },
  { id: 4, name: 'Desserts', description: 'Something sweet to finish', image: img('cake', 1), sort: 4 },
  { id: 5, name: 'Drinks', description: 'Cold, hot and sparkling', image: img('coffee', 2), sort: 5 },
];

const subCategories: SubCategory[] = [
  { id: 1, category_id: 1, name: 'Soups', image: img('soup', 1), sort: 1 },
  { id: 2, category_id: 1, name: 'Salads', image: img('salad', 1), sort: 2 },
  { id: 3, category_id: 1, name: 'Small plates', image: img('tapas', 2), sort: 3 },
  { id: 4, category_id: 2, name: 'From the grill', image: img('steak', 2), sort: 1 },
  { id: 5, category_id: 2, name: 'Seafood', image: img('fish', 1), sort: 2 },
  { id: 6, category_id: 2, name: 'Vegetarian mains', image: img('veg', 1), sort: 3 },
  { id: 7, category_id: 3, name: 'Pizza', image: img('pizza', 2), sort: 1 },
  { id: 8, category_id: 3, name: 'Pasta', image: img('pasta', 1), sort: 2 },
  { id: 9, category_id: 4, name: 'Cakes & tarts', image: img('cake', 2), sort: 1 },
  { id: 10, category_id: 4, name: 'Ice cream', image: img('icecream', 1), sort: 2 },
  { id: 11, category_id: 5, name: 'Soft drinks', image: img('soda', 1), sort: 1 },
  { id: 12, category_id: 5, name: 'Coffee & tea', image: img('coffee', 1), sort: 2 },
  { id: 13, category_id: 5, name: 'Wine, beer & cocktails', image: img('wine', 1), sort: 3 },
  { id: 14, category_id: 5, name: 'Juices & smoothies', image: img('smoothie', 1), sort: 4 },
];

type ItemRow = [
  id: number,
  subCategoryId: number,
  name: string,
  description: string,
  price: number | string,
  tags: MenuTag[],
  prepMinutes: number,
  image: string,
  available?: false,
];

// prettier-ignore
const itemRows: ItemRow[] = [
  [1, 1, 'Roasted Tomato Soup', 'Slow-roasted tomatoes, basil oil and toasted sourdough', 7.5, ['vegan'], 8, img('soup', 1)],
  [2, 1, 'French Onion Soup', 'Caramelised onions in beef broth under a Gruyère crouton', 8.9, [], 10, img('soup', 2)],
  [3, 1, 'Spiced Lentil Soup', 'Red lentils, cumin, lemon and fresh coriander', 6.9, ['vegan', 'gluten-free', 'spicy'], 8, img('soup', 3)],
  [4, 1, 'Clam Chowder', 'Creamy New England chowder with potato and smoked bacon', '$9.50', [], 10, img('soup', 2)],
  [5, 2, 'Caesar Salad', 'Cos lettuce, anchovy dressing, parmesan and garlic croutons', 10.5, [], 7, img('salad', 1)],
  [6, 2, 'Greek Salad', 'Tomato, cucumber, Kalamata olives, feta and oregano', 9.8, ['vegetarian', 'gluten-free'], 6, img('salad', 2)],
  [7, 2, 'Beetroot & Goat Cheese Salad', 'Roasted beetroot, whipped goat cheese and candied walnuts', 11.2, ['vegetarian', 'gluten-free', 'contains-nuts'], 7, img('salad', 3)],
  [8, 2, 'Quinoa Power Bowl', 'Quinoa, avocado, edamame, pickled ginger and sesame', 12, ['vegan', 'gluten-free', 'new'], 8, img('salad', 1)],
  [9, 2, 'Thai Beef Salad', 'Seared beef, chilli, lime, mint and toasted rice', 13.4, ['spicy', 'gluten-free'], 9, img('salad', 2)],
  [10, 3, 'Garlic Bread', 'Ciabatta baked with garlic butter and parsley', 5.5, ['vegetarian'], 6, img('tapas', 1)],
  [11, 3, 'Crispy Calamari', 'Lightly fried squid with lemon aioli', 9.9, [], 8, img('tapas', 2)],
  [12, 3, 'Patatas Bravas', 'Crispy potatoes, smoked paprika sauce and aioli', 7.2, ['vegetarian', 'gluten-free', 'spicy'], 10, img('tapas', 3)],
  [13, 3, 'Burrata', 'Creamy burrata, heirloom tomatoes, basil and olive oil', '$12.50', ['vegetarian', 'gluten-free'], 5, img('tapas', 1)],
  [14, 3, 'Chicken Wings', 'Buffalo glaze, blue cheese dip and celery', 10.8, ['spicy', 'gluten-free'], 14, img('tapas', 2)],
  [15, 3, 'Hummus & Flatbread', "Chickpea hummus with za'atar and warm flatbread", 7.9, ['vegan'], 5, img('tapas', 3)],
  [16, 3, 'Korean Fried Cauliflower', 'Gochujang glaze, sesame and spring onion', 8.5, ['vegan', 'spicy', 'new'], 12, img('tapas', 2), false],
  [17, 4, 'Ribeye Steak 300 g', 'Dry-aged ribeye, peppercorn sauce and hand-cut chips', 29.5, ['gluten-free'], 22, img('steak', 1)],
  [18, 4, 'Amber Burger', 'Beef patty, aged cheddar, bacon jam and brioche, with fries', 16.9, [], 15, img('burger', 1)],
  [19, 4, 'Grilled Chicken Thigh', 'Lemon and herb marinade, charred corn and slaw', 17.4, ['gluten-free'], 18, img('steak', 2)],
  [20, 4, 'Lamb Chops', 'Rosemary lamb cutlets, mint salsa verde and crushed potatoes', 26, ['gluten-free'], 20, img('steak', 3)],
  [21, 4, 'BBQ Pork Ribs', 'Slow-cooked ribs, smoky bourbon glaze and coleslaw', '$22.00', [], 20, img('steak', 2)],
  [22, 4, 'Double Smash Burger', 'Two crisp-edged patties, American cheese, pickles and fries', 15.5, ['new'], 14, img('burger', 2)],
  [23, 5, 'Pan-Seared Salmon', 'Crispy-skin salmon, beurre blanc and asparagus', 24.5, ['gluten-free'], 16, img('fish', 1)],
  [24, 5, 'Fish & Chips', 'Beer-battered cod, mushy peas and tartare sauce', 18.9, [], 14, img('fish', 2)],
  [25, 5, 'Garlic Prawns', 'Tiger prawns in chilli, garlic and white wine, with sourdough', 21, ['spicy'], 12, img('fish', 3)],
  [26, 5, 'Grilled Sea Bass', 'Whole sea bass with fennel, lemon and capers', 27.5, ['gluten-free'], 20, img('fish', 1), false],
  [27, 5, 'Seafood Paella', 'Saffron rice, mussels, prawns, squid and chorizo', 25, ['gluten-free'], 25, img('fish', 3)],
  [28, 6, 'Wild Mushroom Risotto', 'Arborio rice, wild mushrooms, truffle oil and parmesan', 17.5, ['vegetarian', 'gluten-free'], 20, img('veg', 1)],
  [29, 6, 'Aubergine Parmigiana', 'Layers of aubergine, tomato, mozzarella and basil', 16, ['vegetarian'], 18, img('veg', 2)],
  [30, 6, 'Chickpea & Spinach Curry', 'Coconut curry with basmati rice and naan', 15.2, ['vegan', 'spicy'], 15, img('veg', 3)],
  [31, 6, 'Halloumi Burger', 'Grilled halloumi, roasted peppers and harissa mayo', 15.8, ['vegetarian', 'spicy'], 14, img('burger', 3)],
  [32, 6, 'Cauliflower Steak', 'Roasted cauliflower, romesco and toasted almonds', 16.4, ['vegan', 'gluten-free', 'contains-nuts', 'new'], 18, img('veg', 1)],
  [33, 7, 'Margherita', 'San Marzano tomato, fior di latte and basil', 11.5, ['vegetarian'], 12, img('pizza', 1)],
  [34, 7, 'Diavola', 'Spicy salami, tomato, mozzarella and chilli oil', 14.5, ['spicy'], 12, img('pizza', 2)],
  [35, 7, 'Quattro Formaggi', 'Mozzarella, gorgonzola, fontina and parmesan', 14, ['vegetarian'], 12, img('pizza', 3)],
  [36, 7, 'Prosciutto & Rocket', 'Parma ham, rocket, shaved parmesan and tomato', 15.5, [], 12, img('pizza', 1)],
  [37, 7, 'Funghi', 'Mixed mushrooms, garlic, thyme and mozzarella', 13.2, ['vegetarian'], 12, img('pizza', 3)],
  [38, 7, 'Vegan Garden', 'Roasted vegetables, plant-based cheese and basil pesto', 13.9, ['vegan', 'contains-nuts', 'new'], 13, img('pizza', 2)],
  [39, 7, 'Capricciosa', 'Ham, artichokes, mushrooms, olives and mozzarella', 14.8, [], 12, img('pizza', 1)],
  [40, 8, 'Spaghetti Carbonara', 'Guanciale, egg yolk, pecorino and black pepper', 14.5, [], 12, img('pasta', 1)],
  [41, 8, 'Penne Arrabbiata', 'Tomato, garlic, chilli and parsley', 12, ['vegan', 'spicy'], 10, img('pasta', 2)],
  [42, 8, 'Tagliatelle Bolognese', 'Slow-cooked beef and pork ragù', 15, [], 12, img('pasta', 1)],
  [43, 8, 'Trofie al Pesto', 'Basil pesto, green beans, potato and pine nuts', 13.5, ['vegetarian', 'contains-nuts'], 10, img('pasta', 3)],
  [44, 8, 'Lobster Linguine', 'Half a lobster, cherry tomatoes, chilli and garlic', '$32.00', ['spicy'], 18, img('pasta', 2), false],
  [45, 8, 'Gnocchi alla Sorrentina', 'Potato gnocchi baked with tomato, mozzarella and basil', 13.8, ['vegetarian'], 12, img('pasta', 3)],
  [46, 8, 'Lasagne al Forno', 'Beef ragù, béchamel and parmesan, baked until bubbling', 15.5, [], 15, img('pasta', 1)],
  [47, 9, 'Tiramisu', 'Mascarpone, espresso-soaked savoiardi and cocoa', 7.5, ['vegetarian'], 3, img('cake', 1)],
  [48, 9, 'Chocolate Fondant', 'Warm chocolate cake with a molten centre and vanilla ice cream', 8.5, ['vegetarian'], 14, img('cake', 2)],
  [49, 9, 'Lemon Tart', 'Sharp lemon curd, crisp pastry and crème fraîche', 7, ['vegetarian'], 3, img('cake', 3)],
  [50, 9, 'New York Cheesecake', 'Baked vanilla cheesecake with berry compote', 7.8, ['vegetarian'], 3, img('cake', 1)],
  [51, 9, 'Sticky Toffee Pudding', 'Date sponge, toffee sauce and clotted cream', 7.9, ['vegetarian'], 8, img('cake', 2)],
  [52, 9, 'Pecan Pie', 'Maple pecan pie with vanilla cream', 7.2, ['vegetarian', 'contains-nuts'], 3, img('cake', 3)],
  [53, 10, 'Affogato', 'Vanilla gelato drowned in a shot of espresso', 5.5, ['vegetarian', 'gluten-free'], 3, img('icecream', 1)],
  [54, 10, 'Gelato Trio', 'Pistachio, stracciatella and salted caramel', 6.9, ['vegetarian', 'gluten-free', 'contains-nuts'], 3, img('icecream', 2)],
  [55, 10, 'Mango Sorbet', 'Alphonso mango sorbet with lime zest', 5.2, ['vegan', 'gluten-free'], 2, img('icecream', 3)],
  [56, 10, 'Knickerbocker Glory', 'Layers of ice cream, fruit, jelly and cream in a tall glass', 8.2, ['vegetarian', 'new'], 5, img('icecream', 1), false],
  [57, 11, 'Homemade Lemonade', 'Fresh lemons, mint and sparkling water', 4.2, ['vegan', 'gluten-free'], 2, img('soda', 1)],
  [58, 11, 'Cola', '330 ml bottle, served with ice and lemon', 3.2, ['vegan', 'gluten-free'], 0, img('soda', 2)],
  [59, 11, 'Sparkling Water', '750 ml bottle of Italian mineral water', 3.9, ['vegan', 'gluten-free'], 0, img('soda', 3)],
  [60, 11, 'Ginger Beer', 'Fiery ginger, brewed in small batches', 3.8, ['vegan', 'gluten-free', 'spicy'], 0, img('soda', 1)],
  [61, 11, 'Iced Peach Tea', 'Black tea brewed cold with white peach', 3.9, ['vegan', 'gluten-free'], 2, img('soda', 2)],
  [62, 12, 'Espresso', 'A double shot of our single-origin roast', 2.6, ['vegan', 'gluten-free'], 2, img('coffee', 1)],
  [63, 12, 'Flat White', 'Double ristretto with silky steamed milk', 3.6, ['vegetarian', 'gluten-free'], 3, img('coffee', 2)],
  [64, 12, 'Cappuccino', 'Espresso, steamed milk and a deep layer of foam', 3.5, ['vegetarian', 'gluten-free'], 3, img('coffee', 2)],
  [65, 12, 'English Breakfast Tea', 'A pot of strong Assam blend, milk on the side', 2.9, ['vegan', 'gluten-free'], 3, img('coffee', 1)],
  [66, 12, 'Matcha Latte', 'Ceremonial-grade matcha whisked with oat milk', 4.2, ['vegan', 'gluten-free', 'new'], 3, img('coffee', 3)],
  [67, 12, 'Hot Chocolate', 'Belgian chocolate and whipped cream', 3.9, ['vegetarian', 'gluten-free'], 3, img('coffee', 1)],
  [68, 13, 'House Red', "Montepulciano d'Abruzzo, 175 ml glass", 7.5, ['vegan', 'gluten-free'], 1, img('wine', 1)],
  [69, 13, 'House White', 'Pinot Grigio delle Venezie, 175 ml glass', 7.5, ['vegan', 'gluten-free'], 1, img('wine', 2)],
  [70, 13, 'Prosecco', 'Extra dry, 125 ml glass', '$8.50', ['vegan', 'gluten-free'], 1, img('wine', 2)],
  [71, 13, 'Craft IPA', 'Citrusy pale ale, 5.6%, 440 ml can', 6.2, ['vegan'], 1, img('beer', 1)],
  [72, 13, 'Italian Lager', 'Crisp and light, 4.8%, 330 ml bottle', 5.4, ['vegan'], 1, img('beer', 2)],
  [73, 13, 'Negroni', 'Gin, Campari and sweet vermouth over ice, orange peel', 10, ['vegan', 'gluten-free'], 3, img('wine', 3)],
  [74, 14, 'Fresh Orange Juice', 'Squeezed to order', 4.5, ['vegan', 'gluten-free'], 3, img('smoothie', 1)],
  [75, 14, 'Green Smoothie', 'Spinach, apple, banana and ginger', 5.5, ['vegan', 'gluten-free', 'new'], 4, img('smoothie', 2)],
  [76, 14, 'Berry Blast', 'Strawberry, blueberry, banana and oat milk', 5.5, ['vegan', 'gluten-free'], 4, img('smoothie', 3)],
  [77, 14, 'Mango Lassi', 'Mango, yoghurt and a pinch of cardamom', 4.8, ['vegetarian', 'gluten-free'], 3, img('smoothie', 1)],
];

// Declared allergens by dish. A few dishes are left out on purpose, as on real menus: their allergens are not
// declared (null), which a guest filtering allergens must never be shown as safe.
// prettier-ignore
const allergensOf: Record<number, Allergen[]> = {
  1: ['gluten'], 2: ['gluten', 'milk', 'celery'], 3: ['celery'], 4: ['molluscs', 'milk', 'celery', 'gluten'],
  5: ['fish', 'eggs', 'milk', 'gluten'], 6: ['milk'], 7: ['milk', 'nuts'], 8: ['soybeans', 'sesame'],
  9: ['fish', 'peanuts'], 10: ['gluten', 'milk'], 11: ['molluscs', 'gluten', 'eggs'], 12: ['eggs'], 13: ['milk'],
  14: ['milk', 'celery'], 15: ['sesame', 'gluten'], 16: ['soybeans', 'sesame', 'gluten'], 17: ['milk'],
  18: ['gluten', 'milk', 'eggs', 'sesame', 'mustard'], 19: ['mustard', 'eggs'], 20: [],
  22: ['gluten', 'milk', 'mustard', 'sesame'], 23: ['fish', 'milk'], 24: ['fish', 'gluten', 'eggs'],
  25: ['crustaceans', 'gluten', 'sulphites'], 26: ['fish'], 28: ['milk', 'sulphites', 'celery'],
  29: ['milk', 'gluten', 'eggs'], 30: ['gluten', 'mustard'], 31: ['milk', 'gluten', 'eggs'], 32: ['nuts'],
  33: ['gluten', 'milk'], 34: ['gluten', 'milk'], 35: ['gluten', 'milk'], 36: ['gluten', 'milk'],
  37: ['gluten', 'milk'], 38: ['gluten', 'nuts'], 40: ['gluten', 'eggs', 'milk'], 41: ['gluten'],
  42: ['gluten', 'celery', 'eggs'], 43: ['gluten', 'milk', 'nuts'], 44: ['crustaceans', 'gluten'],
  45: ['gluten', 'milk', 'eggs'], 46: ['gluten', 'milk', 'eggs', 'celery'], 47: ['eggs', 'milk', 'gluten'],
  48: ['eggs', 'milk', 'gluten'], 49: ['eggs', 'milk', 'gluten'], 50: ['eggs', 'milk', 'gluten'],
  51: ['eggs', 'milk', 'gluten'], 52: ['nuts', 'eggs', 'gluten', 'milk'], 53: ['milk'], 54: ['milk', 'nuts'],
  55: [], 56: ['milk'], 57: [], 58: [], 59: [], 60: [], 61: [], 62: [], 63: ['milk'], 64: ['milk'], 65: ['milk'],
  66: [], 67: ['milk', 'soybeans'], 68: ['sulphites'], 69: ['sulphites'], 70: ['sulphites'], 71: ['gluten'],
  72: ['gluten'], 74: [], 75: [], 76: [], 77: ['milk'],
};

// Option ids are derived from the dish's (group = dish × 10 + n, choice = group × 10 + n), so they stay fixed.
type ChoiceRow = [name: string, price: number, allergens?: Allergen[] | null, available?: false];
const group = (menuId: number, n: number, name: string, min: number, max: number, rows: ChoiceRow[]): OptionGroup => {
  const id = menuId * 10 + n;
  return {
    id,
    name,
    min,
    max,
    choices: rows.map(([choiceName, price, allergens, available], index) => ({
      id: id * 10 + index + 1,
      name: choiceName,
      price,
      available: available ?? true,
      ...(allergens ? { allergens } : {}),
    })),
  };
};
const pizzaSize = (menuId: number) =>
  group(menuId, 1, 'Size', 1, 1, [
    ['Regular 30 cm', 0],
    ['Large 36 cm', 3.5],
    ['Family 45 cm', 7],
  ]);
// The anchovies have run out today: a sold-out choice on every pizza.
const pizzaToppings = (menuId: number) =>
  group(menuId, 2, 'Extra toppings', 0, 3, [
    ['Extra mozzarella', 1.5, ['milk']],
    ['Mushrooms', 1.2],
    ['Olives', 1],
    ['Spicy salami', 2],
    ['Anchovies', 1.8, ['fish'], false],
  ]);
const doneness = (menuId: number) =>
  group(menuId, 1, 'Doneness', 1, 1, [
    ['Rare', 0],
    ['Medium rare', 0],
    ['Medium', 0],
    ['Well done', 0],
  ]);
const coffeeMilk = (menuId: number) =>
  group(menuId, 1, 'Milk', 0, 1, [
    ['Oat milk', 0.5, ['gluten']],
    ['Soy milk', 0.5, ['soybeans']],
  ]);

// Margherita and Diavola come in one size (a pizza guests add straight from the card); the others in three.
const optionsOf: Record<number, OptionGroup[]> = {
  17: [doneness(17)],
  20: [doneness(20)],
  33: [pizzaToppings(33)],
  34: [pizzaToppings(34)],
  ...Object.fromEntries([35, 36, 37, 38, 39].map((id) => [id, [pizzaSize(id), pizzaToppings(id)]])),
  63: [coffeeMilk(63)],
  64: [coffeeMilk(64)],
};

const categoryOf = new Map(subCategories.map((sub) => [sub.id, sub.category_id]));

function toMenuItem([
  id,
  subCategoryId,
  name,
  description,
  price,
  tags,
  prepMinutes,
  image,
  available,
]: ItemRow): MenuItem {
  const categoryId = categoryOf.get(subCategoryId);
  if (categoryId === undefined) throw new Error(`Menu item ${id} is in unknown sub-category ${subCategoryId}`);
  return {
    id,
    cat_id: categoryId,
    sub_cat_id: subCategoryId,
    name,
    description,
    price,
    image,
    available: available ?? true,
    tags: [...tags],
    prep_minutes: prepMinutes,
    ...(optionsOf[id] ? { options: optionsOf[id] } : {}),
    allergens: allergensOf[id] ?? null,
  };
}

// The floor plan as staff last set it: some tables booked, some with walk-in guests who have not ordered here.
const tables: Table[] = [
  { id: 1, name: 'Window 1', seats: 2, status: 'free' },
  { id: 2, name: 'Window 2', seats: 2, status: 'occupied' },
  { id: 3, name: 'Window 3', seats: 2, status: 'free' },
  { id: 4, name: 'Window 4', seats: 4, status: 'reserved' },
  { id: 5, name: 'Table 5', seats: 4, status: 'free' },
  { id: 6, name: 'Table 6', seats: 4, status: 'occupied' },
  { id: 7, name: 'Table 7', seats: 4, status: 'free' },
  { id: 8, name: 'Table 8', seats: 6, status: 'free' },
  { id: 9, name: 'Table 9', seats: 6, status: 'reserved' },
  { id: 10, name: 'Booth 10', seats: 6, status: 'free' },
  { id: 11, name: 'Booth 11', seats: 8, status: 'occupied' },
  { id: 12, name: 'Terrace 12', seats: 4, status: 'free' },
];

export const demoRestaurant: DemoRestaurant = {
  name: 'Amber Table',
  categories,
  subCategories,
  menuItems: itemRows.map(toMenuItem),
  tables,
  // The drinks are poured at the bar; everything else comes from the kitchen.
  stations: { categories: { 5: 'bar' } },
};

/** Where generated extra items go (see `withExtraItems`); ids well clear of the hand-written menu. */
export const EXTRA_SUB_CATEGORY_ID = 99;
export const EXTRA_ITEM_FIRST_ID = 10_001;

const EXTRA_STYLES = ['Smoked', 'Charred', 'Braised', 'Crispy', 'Roasted', 'Glazed', 'Spiced', 'Herbed'];
const EXTRA_DISHES: ReadonlyArray<[name: string, dish: string]> = [
  ['Aubergine', 'veg'],
  ['Chicken', 'steak'],
  ['Mackerel', 'fish'],
  ['Gnocchi', 'pasta'],
  ['Flatbread', 'pizza'],
  ['Dumplings', 'tapas'],
  ['Broth', 'soup'],
  ['Greens', 'salad'],
];

/**
 * The demo restaurant with `count` generated dishes in one extra sub-category ("Chef's big menu"), for
 * measuring how the app renders a very large menu. Deterministic, so every start seeds the same rows.
 */
export function withExtraItems(data: DemoRestaurant, count: number): DemoRestaurant {
  if (count <= 0) return data;
  const sub: SubCategory = {
    id: EXTRA_SUB_CATEGORY_ID,
    category_id: 2,
    name: "Chef's big menu",
    image: img('veg', 2),
    sort: 99,
  };
  const extras = Array.from({ length: count }, (_, index): MenuItem => {
    const style = EXTRA_STYLES[index % EXTRA_STYLES.length] ?? 'Roasted';
    const [dishName, dish] = EXTRA_DISHES[Math.floor(index / EXTRA_STYLES.length) % EXTRA_DISHES.length] ?? [
      'Dish',
      'veg',
    ];
    return {
      id: EXTRA_ITEM_FIRST_ID + index,
      cat_id: sub.category_id,
      sub_cat_id: sub.id,
      name: `${style} ${dishName} No. ${index + 1}`,
      description: `Chef's tasting dish ${index + 1}: ${style.toLowerCase()} ${dishName.toLowerCase()} with seasonal garnish`,
      price: Math.round((8 + (index % 23) * 0.75) * 100) / 100,
      image: img(dish, ((index % 3) + 1) as 1 | 2 | 3),
      available: index % 17 !== 16,
      tags: index % 5 === 0 ? ['new'] : [],
      prep_minutes: 5 + (index % 20),
      allergens: null,
    };
  });
  return {
    ...data,
    subCategories: [...data.subCategories, sub],
    menuItems: [...data.menuItems, ...extras],
  };
}
