// index.html's first script, ahead of the app's entry: on a slow network the menu's data and the guest's messages then
// travel beside the app's code instead of after it. Kept small: nothing of the entry's chunk is imported here.
import { bootLanguage } from './device/language';
import { FIRST_SCREEN_CODE } from './first-screen-code';
import { catalogs } from './ui/i18n/catalog-chunks';
import { startEarlyReads } from './ui/pos/early-reads';

const firstAnswer = startEarlyReads();
catalogs[bootLanguage()].first().catch(() => {});
// The first screen's code waits for the menu's first answer (a round trip): until then the entry has the line nearly
// to itself, so on a slow network it arrives and runs while the first screen's code is still coming, instead of both
// ending together with all of their running left for after the last byte. The entry asks for it too when it needs it.
void firstAnswer.then(() => {
  // Moving the template's links into the page fetches them; once only (the template is empty afterwards).
  const listed = document.getElementById(FIRST_SCREEN_CODE);
  if (listed instanceof HTMLTemplateElement) document.head.append(listed.content);
});
