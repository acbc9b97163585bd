-- Parlance metadata store, version 6: which earlier answer a question followed up in a
-- conversation, and the SQL of the readings an answer showed beside its own (a user may choose one
-- of them instead). Written for both H2 and PostgreSQL.

ALTER TABLE answer_record ADD COLUMN follows_up BIGINT;

CREATE TABLE answer_reading (
  answer_id BIGINT          NOT NULL REFERENCES answer_record (id),
  position  INTEGER         NOT NULL,
  sql_text  VARCHAR(200000) NOT NULL,
  PRIMARY KEY (answer_id, position)
);
