-- Contract v1.1 "Dish options": option groups and their choices, declared allergens, and choices as ordered.

-- NULL: the restaurant has not declared the dish's allergens, which is never the same as declaring none ('{}').
ALTER TABLE menu_items ADD COLUMN allergens text[];

-- min 0: optional; max 1: pick one. A group belongs to one dish, so a choice id names its dish too.
CREATE TABLE option_groups (
  id integer PRIMARY KEY CHECK (id > 0),
  menu_id integer NOT NULL REFERENCES menu_items (id) ON DELETE CASCADE,
  name text NOT NULL,
  min integer NOT NULL DEFAULT 0 CHECK (min >= 0),
  max integer NOT NULL DEFAULT 1 CHECK (max >= 1 AND max >= min),
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX option_groups_menu_idx ON option_groups (menu_id);

-- price_cents is added to the dish's price; allergens, when set, are what the choice adds (a cheese extra: milk).
CREATE TABLE option_choices (
  id integer PRIMARY KEY CHECK (id > 0),
  group_id integer NOT NULL REFERENCES option_groups (id) ON DELETE CASCADE,
  name text NOT NULL,
  price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  available boolean NOT NULL DEFAULT true,
  allergens text[],
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX option_choices_group_idx ON option_choices (group_id);

-- Copied when ordered, like the line's name and price: [{ "id", "name", "price_cents" }], in menu order. The line's
-- unit_price_cents already includes them.
ALTER TABLE order_lines ADD COLUMN choices jsonb NOT NULL DEFAULT '[]'::jsonb;
