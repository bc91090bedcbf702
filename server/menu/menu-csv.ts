// Dishes as CSV, one a line (csv-parse reads the file): a MenuDocument to import, and every bad line and field named.
import { CsvError, parse } from 'csv-parse/sync';
import { ALLERGENS } from '../../contract/guest';
import type { CSV_OPTIONAL_COLUMNS } from '../../contract/menu-admin';
import {
  CSV_COLUMNS,
  DIETS,
  OTHER_TAGS,
  documentItemSchema,
  type DocumentItem,
  type ImportProblem,
  type MenuDocument,
} from '../../contract/menu-admin';
import { invalid } from '../api/provider-error';
import '../api/zod-messages';
import type { LineOf } from './menu-import';

type Column = (typeof CSV_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number];

/** `Sub-category`, `sub category` and `SUB_CATEGORY` are one column. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A list cell: `gluten; milk`, `gluten, milk` or `gluten|milk`. */
const listOf = (cell: string) =>
  cell
    .split(/[;,|]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

export interface CsvMenu {
  document: MenuDocument;
  errors: ImportProblem[];
  lineOf: LineOf;
}

/**
 * Reads the CSV into a MenuDocument of dishes (categories and sub-categories by name, in the order they first appear).
 * A file without the required columns, or one csv-parse cannot read, is refused at once (422 naming the line or the
 * columns); a bad row is reported by line and field and left out.
 */
export function readCsv(text: string): CsvMenu {
  let rows: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    // With `info` and `raw`, each record comes as { record, info, raw } (csv-parse's typings name only the arrays).
    rows = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw invalid(`The CSV cannot be read${line ? ` at line ${line}` : ''}: ${error.message}`, {
        [line ? `line ${line}` : 'body']: error.message,
      });
    }
    throw error;
  }
  const [header, ...records] = rows;
  if (!header) throw invalid('The CSV is empty: its first line names the columns', { body: 'empty' });
  const columns = header.record.map(columnName);
  const missing = CSV_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw invalid(
      `The CSV's first line must name the columns ${CSV_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`,
      {
        'line 1': `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
      },
    );
  }

  const errors: ImportProblem[] = [];
  const document: MenuDocument = { version: 1, categories: [] };
  const lines = new Map<string, number>();
  for (const { record, info, raw } of records) {
    // csv-parse counts to a record's last line; a quoted cell may hold line breaks, so its first line is earlier.
    const line = info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g) ?? []).length;
    const cell = (column: Column) => {
      const index = columns.indexOf(column);
      return index < 0 ? undefined : (record[index] ?? '').trim();
    };
    if (record.length > columns.length && record.slice(columns.length).some((extra) => extra.trim() !== '')) {
      errors.push({
        line,
        field: 'row',
        message: `has ${record.length} cells; the first line names ${columns.length}`,
      });
      continue;
    }
    const problem = (field: string, message: string) => errors.push({ line, field, message });
    const item = rowItem(cell, problem);
    const category = cell('category') ?? '';
    const subCategory = cell('sub_category') ?? '';
    if (category === '') problem('category', 'required');
    if (subCategory === '') problem('sub_category', 'required');
    if (!item || category === '' || subCategory === '') continue;

    let docCategory = document.categories.find((existing) => existing.name.toLowerCase() === category.toLowerCase());
    if (!docCategory) {
      docCategory = { name: category, sub_categories: [] };
      document.categories.push(docCategory);
    }
    let docSub = docCategory.sub_categories.find(
      (existing) => existing.name.toLowerCase() === subCategory.toLowerCase(),
    );
    if (!docSub) {
      docSub = { name: subCategory, items: [] };
      docCategory.sub_categories.push(docSub);
    }
    const c = document.categories.indexOf(docCategory);
    const s = docCategory.sub_categories.indexOf(docSub);
    lines.set(`${c}.${s}.${docSub.items.length}`, line);
    docSub.items.push(item);
  }
  return { document, errors, lineOf: (c, s, i) => lines.get(`${c}.${s}.${i}`) };
}

/** One row's dish, or undefined when a cell is wrong (each problem reported by its column). */
function rowItem(
  cell: (column: Column) => string | undefined,
  problem: (field: string, message: string) => void,
): DocumentItem | undefined {
  let ok = true;
  const fail = (field: string, message: string) => {
    ok = false;
    problem(field, message);
  };
  const priceText = cell('price') ?? '';
  const price = /^\d+(\.\d{1,2})?$/.test(priceText) ? Number(priceText) : Number.NaN;
  if (Number.isNaN(price)) fail('price', `a price such as 12.50, not “${priceText}”`);

  // Empty: not declared, which is never the same as none.
  const allergenCell = cell('allergens') ?? '';
  let allergens: string[] | null = null;
  if (allergenCell.toLowerCase() === 'none') allergens = [];
  else if (allergenCell !== '') {
    allergens = listOf(allergenCell);
    const unknown = allergens.filter((allergen) => !(ALLERGENS as readonly string[]).includes(allergen));
    if (unknown.length > 0) fail('allergens', `not one of the 14 allergens: ${unknown.join(', ')}`);
  }
  const diets = listOf(cell('diets') ?? '');
  const unknownDiets = diets.filter((diet) => !(DIETS as readonly string[]).includes(diet));
  if (unknownDiets.length > 0) fail('diets', `not one of ${DIETS.join(', ')}: ${unknownDiets.join(', ')}`);
  const tagCell = cell('tags');
  const tags = tagCell === undefined ? undefined : listOf(tagCell);
  const unknownTags = (tags ?? []).filter((tag) => !(OTHER_TAGS as readonly string[]).includes(tag));
  if (unknownTags.length > 0) fail('tags', `not one of ${OTHER_TAGS.join(', ')}: ${unknownTags.join(', ')}`);
  const prepCell = cell('prep_minutes');
  const stationCell = cell('station');
  if (!ok) return undefined;

  const parsed = documentItemSchema.safeParse({
    name: cell('name') ?? '',
    description: cell('description') ?? '',
    price,
    allergens,
    diets,
    ...(tags === undefined ? {} : { tags }),
    ...(prepCell === undefined || prepCell === '' ? {} : { prep_minutes: Number(prepCell) }),
    ...(stationCell === undefined ? {} : { station: stationCell === '' ? null : stationCell.toLowerCase() }),
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? 'row'), issue.message);
  return undefined;
}
