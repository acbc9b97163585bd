-- Parlance metadata store, version 3: a row filter may follow foreign keys (it then binds every
-- table whose rows reach the filtered table). Existing filters bind their own table only.

ALTER TABLE policy_row_filter ADD COLUMN follow_foreign_keys BOOLEAN DEFAULT FALSE NOT NULL;
