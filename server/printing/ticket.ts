// One station's kitchen ticket as ESC/POS bytes (58 or 80 mm paper), encoded by @point-of-sale/receipt-printer-encoder.
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';

export interface TicketLine {
  quantity: number;
  name: string;
  choices: readonly string[];
  note: string;
  /** Declared allergens; null: the dish declares none. */
  allergens: readonly string[] | null;
}

export interface TicketContent {
  station: string;
  /** `addition`: lines added to an order already on the rail. */
  kind: 'order' | 'addition';
  orderID: string;
  table: string;
  guest: string | null;
  /** "19:42", in the restaurant's time zone. */
  time: string;
  lines: readonly TicketLine[];
  allergies: readonly string[];
  note: string;
  /** Every station the order touches. */
  stations: readonly string[];
}

/** Characters per line in the printer's standard font (font A): 32 on 58 mm paper, 48 on 80 mm. */
export const columnsFor = (width: 58 | 80) => (width === 58 ? 32 : 48);

// Guests type notes and names: a control character sent as is could drive the printer (open a cash drawer, cut).
// Control characters become spaces; what the printer's code pages cannot show, the encoder replaces.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const printable = (text: string) => text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

export function renderTicket(ticket: TicketContent, width: 58 | 80): Uint8Array {
  const columns = columnsFor(width);
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, errors: 'relaxed', feedBeforeCut: 3 });
  const others = ticket.stations.filter((station) => station !== ticket.station);
  encoder
    .initialize()
    .codepage('auto')
    .align('center')
    .bold(true)
    .size(2, 2)
    .line(printable(ticket.station.toUpperCase()))
    .size(1, 1)
    .line(ticket.kind === 'addition' ? '** ADD-ON **' : 'NEW ORDER')
    .bold(false)
    .align('left')
    .table(
      [
        { width: columns - 7, align: 'left' },
        { width: 6, align: 'right', marginLeft: 1 },
      ],
      [[(encoder) => encoder.bold(true).size(2, 1).text(printable(ticket.table)).size(1, 1).bold(false), ticket.time]],
    );
  if (ticket.guest) encoder.line(`Guest: ${printable(ticket.guest)}`);
  encoder.line(`Order ${ticket.orderID}`);
  if (others.length > 0) encoder.line(`Also at: ${others.join(', ')}`);
  if (ticket.allergies.length > 0) {
    encoder
      .rule({ style: 'double' })
      .bold(true)
      .invert(true)
      .line(printable(` ALLERGY: ${ticket.allergies.join(', ').toUpperCase()} `))
      .invert(false)
      .bold(false);
  }
  encoder.rule();
  for (const line of ticket.lines) {
    encoder.table(
      [
        { width: 4, align: 'right' },
        { width: columns - 5, align: 'left', marginLeft: 1 },
      ],
      [[`${line.quantity}x`, (encoder) => encoder.bold(true).text(printable(line.name)).bold(false)]],
    );
    for (const choice of line.choices) encoder.line(`     + ${printable(choice)}`);
    if (line.note) encoder.line(`     > ${printable(line.note)}`);
    const conflicts = line.allergens?.filter((allergen) => ticket.allergies.includes(allergen)) ?? [];
    if (conflicts.length > 0)
      encoder
        .bold(true)
        .line(`     ! CONTAINS ${conflicts.join(', ').toUpperCase()}`)
        .bold(false);
    else if (line.allergens === null && ticket.allergies.length > 0) {
      encoder.bold(true).line('     ! ALLERGENS NOT DECLARED').bold(false);
    }
  }
  encoder.rule();
  if (ticket.note) encoder.line(`Note: ${printable(ticket.note)}`);
  return encoder.cut().encode();
}
