// The demo restaurant's dishes as the CSV the import reads (examples/demo-menu.csv): one dish a line.
import { CSV_COLUMNS, CSV_OPTIONAL_COLUMNS, type MenuDocument } from '../../contract/menu-admin';

/** Every cell quoted, quotes doubled: what any spreadsheet writes and csv-parse reads back. */
const cell = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

export function menuCsv(document: MenuDocument): string {
  const header = [...CSV_COLUMNS, ...CSV_OPTIONAL_COLUMNS].join(',');
  const lines = document.categories.flatMap((category) =>
    category.sub_categories.flatMap((sub) =>
      sub.items.map((item) =>
        [
          category.name,
          sub.name,
          item.name,
          item.description ?? '',
          item.price.toFixed(2),
          // Empty: not declared; "none": declared free of the 14.
          item.allergens === null || item.allergens === undefined
            ? ''
            : item.allergens.length === 0
              ? 'none'
              : item.allergens.join('; '),
          (item.diets ?? []).join('; '),
          (item.tags ?? []).join('; '),
          item.prep_minutes ?? '',
          item.station ?? '',
        ]
          .map(cell)
          .join(','),
      ),
    ),
  );
  return `${[header, ...lines].join('\n')}\n`;
}
