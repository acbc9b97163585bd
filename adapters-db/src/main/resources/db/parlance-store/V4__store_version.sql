-- The store's change counter: every change that another Parlance instance must see (a source, a
-- governance policy, a published curation) adds one to it in the same transaction. Instances keep
-- what they read from the store while the counter stays the same (docs/scale.md).
CREATE TABLE parlance_store_version (
  id      INTEGER PRIMARY KEY,
  version BIGINT  NOT NULL
);

INSERT INTO parlance_store_version (id, version) VALUES (1, 0);
