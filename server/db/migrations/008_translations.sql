-- Contract "Languages": the menu's names and descriptions in other languages than the restaurant's own. One row per
-- thing and language; what has no row is answered in the restaurant's language. Orders copy the restaurant's names,
-- never these.
CREATE TABLE translations (
  kind text NOT NULL CHECK (kind IN ('category', 'sub_category', 'menu_item', 'option_group', 'option_choice')),
  id integer NOT NULL,
  language text NOT NULL CHECK (language ~ '^[a-z]{2,3}$'),
  name text NOT NULL,
  description text,
  PRIMARY KEY (kind, id, language)
);
