// zod/mini (the contract schemas' API) loads no locale, so its messages read "Invalid input"; the provider's field
// errors are read by people, so requests are checked with zod's English messages, as full zod gives them.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());
