// index.html's first script, ahead of the app's entry: on a slow network the menu's data and the guest's messages then
// travel beside the app's code instead of after it. Kept small: nothing of the entry's chunk is imported here.
import { bootLanguage } from './device/language';
import { catalogs } from './ui/i18n/catalog-chunks';
import { startEarlyReads } from './ui/pos/early-reads';

startEarlyReads();
catalogs[bootLanguage()].first().catch(() => {});
