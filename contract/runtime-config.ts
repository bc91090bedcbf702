// What the provider tells the app it serves, written into index.html as it serves it: the app's bearer token and where
// the API is, so that the token set on the provider (PROVIDER_TOKEN) and the app's can never disagree.

/** The `<meta name>` whose `content` is the config as JSON. */
export const RUNTIME_CONFIG_META = 'amber-table-config';

export interface RuntimeConfig {
  /** The bearer token every call carries (public: it ships in every page, as it did in the JavaScript). */
  api_token: string;
  /** The API's origin; null: the page's own, where the provider serving it answers. */
  api_origin: string | null;
}
