-- Parlance metadata store, version 7: which reading a user's feedback judged (0 or absent: the
-- answer's own SQL; choosing a reading records it as right), and per-role statement timeouts in a
-- governance policy (a user gets the largest of their roles', else the policy's timeout). Written
-- for both H2 and PostgreSQL.

ALTER TABLE answer_record ADD COLUMN feedback_reading INTEGER;

CREATE TABLE policy_role_timeout (
  policy_id  BIGINT       NOT NULL REFERENCES governance_policy (id) ON DELETE CASCADE,
  role_name  VARCHAR(200) NOT NULL,
  timeout_ms BIGINT       NOT NULL,
  PRIMARY KEY (policy_id, role_name)
);
