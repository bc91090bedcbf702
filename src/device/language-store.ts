// The guest's chosen language, remembered on this device (localStorage `language`, plain text).
import * as z from 'zod/mini';
import { deviceStore } from './device-store';
import { LANGUAGE_KEY, LANGUAGES } from './language';

export const languageStore = deviceStore(LANGUAGE_KEY, z.enum(LANGUAGES), {
  storage: 'local',
  format: 'text',
  writeFailure: 'Could not keep the language on this device',
});
