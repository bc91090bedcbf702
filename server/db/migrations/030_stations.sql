-- Stations (contract v1.2): where a dish is made. A dish's own station overrides its category's; neither means 'kitchen'.
ALTER TABLE categories ADD COLUMN IF NOT EXISTS station text CHECK (station ~ '^[a-z0-9][a-z0-9-]{0,29}$');
ALTER TABLE menu_items ADD COLUMN IF NOT EXISTS station text CHECK (station ~ '^[a-z0-9][a-z0-9-]{0,29}$');
