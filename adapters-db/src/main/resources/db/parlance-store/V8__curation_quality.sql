-- Parlance metadata store, version 7: the curation quality measured of each published version
-- (schema-retrieval recall of its approved verified questions by budget), kept so that it is
-- measured once, in the background after a publish. recall holds budget=value pairs separated by
-- ';' (e.g. 5=0.69;10=0.743;20=0.852), empty when no question could be scored (skipped says why).
-- Written for both H2 and PostgreSQL.

CREATE TABLE curation_quality (
  source_name VARCHAR(63)   NOT NULL,
  version     INTEGER       NOT NULL,
  questions   INTEGER       NOT NULL,
  recall      VARCHAR(2000) NOT NULL,
  skipped     VARCHAR(2000),
  measured_at TIMESTAMP WITH TIME ZONE NOT NULL,
  elapsed_ms  BIGINT        NOT NULL,
  PRIMARY KEY (source_name, version)
);
