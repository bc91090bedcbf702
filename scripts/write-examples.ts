// `npm run examples`: writes the demo restaurant's menu as examples/demo-menu.json (a MenuDocument) and demo-menu.csv.
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { demoMenuDocument } from '../server/seed/demo-menu';
import { menuCsv } from '../server/seed/demo-csv';
import { demoRestaurant } from '../server/seed/demo-restaurant';

const document = demoMenuDocument(demoRestaurant);
const path = 'examples/demo-menu.json';
// Formatted as the repository's prettier check wants it; the test compares the parsed document, not the text.
const json = await format(JSON.stringify(document), { ...(await resolveConfig(path)), filepath: path });
await writeFile(path, json);
await writeFile('examples/demo-menu.csv', menuCsv(document));
console.log('Wrote examples/demo-menu.json and examples/demo-menu.csv from server/seed');
