package dev.parlance.application.ask;

import dev.parlance.application.prompt.PromptTemplate;

/** The question pipeline's prompt templates, kept as resources next to this class. */
final class Prompts {
  private Prompts() {}

  static final PromptTemplate DIRECT_SYSTEM = load("direct-system.txt");
  static final PromptTemplate DIRECT_USER = load("direct-user.txt");
  static final PromptTemplate CORRECTION = load("correction.txt");
  static final PromptTemplate C3_TABLE_RECALL = load("c3-table-recall.txt");
  static final PromptTemplate C3_COLUMN_RECALL = load("c3-column-recall.txt");
  static final PromptTemplate C3_CALIBRATION = load("c3-calibration.txt");
  static final PromptTemplate C3_SQL = load("c3-sql.txt");
  static final PromptTemplate DIN_SCHEMA_LINKING = load("din-schema-linking.txt");
  static final PromptTemplate DIN_CLASSIFICATION = load("din-classification.txt");
  static final PromptTemplate DIN_EASY = load("din-easy.txt");
  static final PromptTemplate DIN_NON_NESTED = load("din-non-nested.txt");
  static final PromptTemplate DIN_NESTED = load("din-nested.txt");
  static final PromptTemplate DIN_CORRECTION = load("din-correction.txt");
  static final PromptTemplate TA_DUMMY_SQL = load("ta-sql-dummy.txt");
  static final PromptTemplate TA_SYMBOLIC = load("ta-sql-symbolic.txt");
  static final PromptTemplate TA_SQL = load("ta-sql-sql.txt");
  static final PromptTemplate RB_SQL_SYSTEM = load("rb-sql-system.txt");
  static final PromptTemplate RB_SQL_USER = load("rb-sql-user.txt");

  private static PromptTemplate load(String name) {
    return PromptTemplate.resource(Prompts.class, name);
  }
}
