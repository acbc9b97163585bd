-- Parlance metadata store, version 9: a follow-up's question restated as a question of its own
-- (the model's words), which is what stewards are proposed instead of the fragment the user typed.
-- Written for both H2 and PostgreSQL.

ALTER TABLE answer_record ADD COLUMN standalone_question VARCHAR(4000);
