package dev.parlance.domain.governance;

/** Why the governance pipeline refuses a statement: one class per rule, each with a reason. */
public enum RefusalKind {
  EMPTY("an empty statement"),
  TOO_LONG("a statement longer than the limit"),
  TOO_COMPLEX("a statement nested deeper than the limit"),
  UNPARSABLE("a statement the parser cannot read"),
  MULTIPLE_STATEMENTS("more than one statement"),
  DATA_CHANGE("a statement that changes data (INSERT, UPDATE, DELETE, MERGE, …)"),
  SCHEMA_CHANGE("a statement that changes the schema or grants (CREATE, DROP, ALTER, GRANT, …)"),
  SELECT_INTO("SELECT … INTO, which creates a table"),
  LOCKING_CLAUSE("a locking clause (FOR UPDATE, FOR SHARE, …)"),
  WRITABLE_CTE("a WITH clause holding a data-changing statement"),
  TRANSACTION_CONTROL("transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, …)"),
  SESSION_CONTROL("session or engine control (SET, PRAGMA, ATTACH, COPY, LOAD, …)"),
  NOT_A_QUERY("a statement other than a query (EXPLAIN, VALUES, TABLE, CALL, …)"),
  FORBIDDEN_FUNCTION("a function with side effects or file, network or session access"),
  PARAMETER("a bind parameter, which Parlance does not fill"),
  FORBIDDEN_RELATION("a table or view the policy does not allow"),
  HIDDEN_COLUMN("a column the policy hides from the user's roles"),
  MISSING_ATTRIBUTE("a row filter needing a user attribute the user lacks"),
  COST_CEILING("an estimated cost above the policy's ceiling"),
  UNENFORCEABLE_POLICY("a policy the source's database cannot enforce"),
  NO_POLICY("a source no administrator has published a policy for yet (closed to analysts)");

  private final String description;

  RefusalKind(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }
}
