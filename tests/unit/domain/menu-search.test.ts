// The menu search's ranking rule: every word must be found; the name beats the section beats the description and tags;
// the category's name only when nothing more precise matched; case and accents ignored.
import { describe, expect, it } from 'vitest';
import { foldText, rankBySearch, type SearchableDish } from '../../../src/domain/menu-search';

interface Dish {
  name: string;
  section: string;
  description: string;
  category: string;
}

const dish = (name: string, section: string, description = '', category = 'Pizza & Pasta'): Dish => ({
  name,
  section,
  description,
  category,
});
const searchable = (item: Dish): SearchableDish => ({
  name: foldText(item.name),
  section: foldText(item.section),
  details: foldText(item.description),
  category: foldText(item.category),
});
const rank = (items: Dish[], query: string) => rankBySearch(items, query, searchable).map((item) => item.name);

const MENU = [
  dish('Carbonara', 'Pasta', 'Guanciale, egg, pecorino'),
  dish('Kids’ Pasta', 'Pasta', 'Like a small pizza, without the oven'),
  dish('Margherita', 'Pizza', 'Tomato, mozzarella, basil'),
  dish('Pizza Bianca', 'Pizza', 'No tomato: ricotta and garlic'),
  dish('Tiramisù', 'Cakes & tarts', 'Coffee, mascarpone', 'Desserts'),
];

describe('ranking menu search results', () => {
  it('puts a word in the name first, then in the section, then only in the description; the category brings nothing', () => {
    expect(rank(MENU, 'pizza')).toEqual(['Pizza Bianca', 'Margherita', 'Kids’ Pasta']);
    expect(rank(MENU, 'PASTA')).toEqual(['Kids’ Pasta', 'Carbonara']);
  });

  it('needs every word, each counted where it is found best', () => {
    expect(rank(MENU, 'pizza tomato')).toEqual(['Pizza Bianca', 'Margherita']);
    expect(rank(MENU, 'pizza sushi')).toEqual([]);
  });

  it('ignores case and accents, and keeps the menu order between equal matches', () => {
    expect(rank(MENU, 'TIRAMISU')).toEqual(['Tiramisù']);
    expect(rank(MENU, 'tomato')).toEqual(['Margherita', 'Pizza Bianca']);
  });

  it('falls back to the category’s name when no dish matches without it, and returns everything for no words', () => {
    expect(rank(MENU, 'desserts')).toEqual(['Tiramisù']);
    expect(rank(MENU, '   ')).toHaveLength(MENU.length);
  });
});
