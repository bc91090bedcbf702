// The one ky instance every provider call goes through once the app runs: base URL, the call's headers and the answer
// rules of call-rules.ts. A chunk of its own, loaded after the menu's first reads (which the early script sent).
import ky from 'ky';
import { callHeaders, noteAnswer } from './call-rules';
import { apiBaseUrl, REQUEST_TIMEOUT_MS } from './config';

export const api = ky.create({
  prefixUrl: apiBaseUrl(),
  timeout: REQUEST_TIMEOUT_MS,
  // TanStack Query decides about retries for reads, the checkout machine for orders; ky retrying too would multiply them.
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const [name, value] of Object.entries(callHeaders(request.headers.get('Accept-Language'))))
          request.headers.set(name, value);
      },
    ],
    afterResponse: [(request, _options, response) => noteAnswer(request.url, response.status)],
  },
});
