-- The restaurant's profile (contract v1.2): one row, kept by its manager, so name, currency and rules are no longer compiled into the app.
CREATE TABLE restaurant (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  profile jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
