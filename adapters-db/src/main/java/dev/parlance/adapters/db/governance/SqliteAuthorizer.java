package dev.parlance.adapters.db.governance;

import dev.parlance.domain.governance.Refusal;
import dev.parlance.domain.governance.RefusalKind;
import java.util.Locale;
import java.util.Set;

/**
 * What SQLite's authorizer allows while it compiles a user's statement: queries (SELECT, recursive
 * CTEs), reading, and a fixed list of functions — nothing else (no write, DDL, PRAGMA, ATTACH,
 * transaction). Reading is checked on every table and column the compiled statement actually reads,
 * whatever syntax reached it:
 *
 * <ul>
 *   <li>a CTE's name (no column read, no database), when no relation of the source has it;
 *   <li>inside one of this statement's governed TEMP views (the innermost view the engine names),
 *       anything — their bodies are Parlance's, built from the policy;
 *   <li>this statement's governed views themselves;
 *   <li>a table or view the policy allows and no row filter or column rule restricts for the user;
 *   <li>the JSON table functions.
 * </ul>
 *
 * A restricted table read anywhere else — a sub-query the parser did not see, an {@code IN table} —
 * is denied, and so is every system table. Views get secret names per statement: the engine names a
 * CTE the same way as a view, and a user cannot write a name they never saw.
 */
final class SqliteAuthorizer {

  static final int ALLOW = 0;
  static final int DENY = 1;

  static final int CREATE_INDEX = 1;
  static final int CREATE_TABLE = 2;
  static final int CREATE_TEMP_VIEW = 6;
  static final int CREATE_VIEW = 8;
  static final int DELETE = 9;
  static final int DROP_TABLE = 11;
  static final int DROP_TEMP_VIEW = 15;
  static final int INSERT = 18;
  static final int PRAGMA = 19;
  static final int READ = 20;
  static final int SELECT = 21;
  static final int TRANSACTION = 22;
  static final int UPDATE = 23;
  static final int ATTACH = 24;
  static final int DETACH = 25;
  static final int ALTER_TABLE = 26;
  static final int REINDEX = 27;
  static final int ANALYZE = 28;
  static final int CREATE_VTABLE = 29;
  static final int DROP_VTABLE = 30;
  static final int FUNCTION = 31;
  static final int SAVEPOINT = 32;
  static final int RECURSIVE = 33;

  /** The table-valued functions a statement may read from. */
  static final Set<String> TABLE_FUNCTIONS = Set.of("json_each", "json_tree");

  /**
   * SQLite's own functions that neither reach outside the statement nor grow without bound: core,
   * aggregate, window, date, math and JSON functions (and the operators the engine reports as
   * functions). Everything else — extensions, {@code load_extension}, {@code randomblob}, {@code
   * zeroblob}, {@code sqlite_*} — is denied.
   */
  static final Set<String> FUNCTIONS =
      Set.of(
          // core
          "abs",
          "char",
          "coalesce",
          "format",
          "glob",
          "hex",
          "ifnull",
          "iif",
          "instr",
          "length",
          "like",
          "likelihood",
          "likely",
          "lower",
          "ltrim",
          "max",
          "min",
          "nullif",
          "printf",
          "quote",
          "random",
          "replace",
          "round",
          "rtrim",
          "sign",
          "soundex",
          "substr",
          "substring",
          "trim",
          "typeof",
          "unicode",
          "unlikely",
          "upper",
          "concat",
          "concat_ws",
          "octet_length",
          "unhex",
          // aggregate
          "avg",
          "count",
          "group_concat",
          "string_agg",
          "sum",
          "total",
          // window
          "row_number",
          "rank",
          "dense_rank",
          "percent_rank",
          "cume_dist",
          "ntile",
          "lag",
          "lead",
          "first_value",
          "last_value",
          "nth_value",
          // date and time
          "date",
          "time",
          "datetime",
          "julianday",
          "unixepoch",
          "strftime",
          "timediff",
          // math
          "acos",
          "acosh",
          "asin",
          "asinh",
          "atan",
          "atan2",
          "atanh",
          "ceil",
          "ceiling",
          "cos",
          "cosh",
          "degrees",
          "exp",
          "floor",
          "ln",
          "log",
          "log10",
          "log2",
          "mod",
          "pi",
          "pow",
          "power",
          "radians",
          "sin",
          "sinh",
          "sqrt",
          "tan",
          "tanh",
          "trunc",
          // JSON
          "json",
          "json_array",
          "json_array_length",
          "json_extract",
          "json_insert",
          "json_object",
          "json_patch",
          "json_remove",
          "json_replace",
          "json_set",
          "json_type",
          "json_valid",
          "json_quote",
          "json_group_array",
          "json_group_object",
          "json_each",
          "json_tree",
          "->",
          "->>");

  /** What one statement may read, and the first thing the engine was refused. */
  static final class Request {
    private final Set<String> views;
    private final Set<String> readable;
    private final Set<String> relations;
    private final String asked;
    private Refusal denial;

    /**
     * @param views this statement's governed TEMP views, by exact name
     * @param readable the tables and views the user may read directly, lower-case
     * @param relations every table and view of the database, lower-case
     * @param asked the statement as the user wrote it: refusals name only what it names
     */
    Request(Set<String> views, Set<String> readable, Set<String> relations, String asked) {
      this.views = Set.copyOf(views);
      this.readable = Set.copyOf(readable);
      this.relations = Set.copyOf(relations);
      this.asked = asked == null ? "" : asked.toLowerCase(Locale.ROOT);
    }

    private String named(String name, String otherwise) {
      return name != null && asked.contains(name.toLowerCase(Locale.ROOT)) ? name : otherwise;
    }

    Refusal denial() {
      return denial;
    }

    private int deny(RefusalKind kind, String reason) {
      if (denial == null) {
        denial = new Refusal(kind, "the database engine refused the statement: " + reason);
      }
      return DENY;
    }
  }

  private SqliteAuthorizer() {}

  /** The engine's question, answered for {@code request}; {@code null} answers for Parlance. */
  static int decide(
      Request request, int action, String a3, String a4, String database, String view) {
    if (request == null) {
      return ALLOW; // Parlance's own statements: reading the schema, creating governed views
    }
    return switch (action) {
      case SELECT, RECURSIVE -> ALLOW;
      case FUNCTION -> {
        String name = a4 == null ? "" : a4.toLowerCase(Locale.ROOT);
        yield FUNCTIONS.contains(name)
            ? ALLOW
            : request.deny(
                RefusalKind.FORBIDDEN_FUNCTION,
                "it calls "
                    + (request.named(name, null) == null ? "a function" : name + "()")
                    + ", which Parlance does not let a query call");
      }
      case READ -> read(request, a3, database, view);
      case INSERT, UPDATE, DELETE ->
          request.deny(RefusalKind.DATA_CHANGE, "queries may not change data");
      case CREATE_INDEX,
          CREATE_TABLE,
          CREATE_VIEW,
          CREATE_TEMP_VIEW,
          DROP_TABLE,
          DROP_TEMP_VIEW,
          ALTER_TABLE,
          REINDEX,
          CREATE_VTABLE,
          DROP_VTABLE ->
          request.deny(RefusalKind.SCHEMA_CHANGE, "queries may not change the schema");
      case TRANSACTION, SAVEPOINT ->
          request.deny(RefusalKind.TRANSACTION_CONTROL, "queries may not control transactions");
      case PRAGMA, ATTACH, DETACH, ANALYZE ->
          request.deny(
              RefusalKind.SESSION_CONTROL, "queries may not use PRAGMA, ATTACH or ANALYZE");
      default -> request.deny(RefusalKind.NOT_A_QUERY, "the statement is not a plain query");
    };
  }

  private static int read(Request request, String table, String database, String view) {
    if (view != null && request.views.contains(view)) {
      return ALLOW;
    }
    if (table == null) {
      return request.deny(RefusalKind.FORBIDDEN_RELATION, "it reads an unnamed relation");
    }
    if ("temp".equalsIgnoreCase(database)) {
      return request.views.contains(table)
          ? ALLOW
          : request.deny(
              RefusalKind.FORBIDDEN_RELATION, "it reads a temporary relation of another statement");
    }
    String key = table.toLowerCase(Locale.ROOT);
    if (key.startsWith("sqlite_")) {
      return request.deny(RefusalKind.FORBIDDEN_RELATION, "system tables are not readable");
    }
    // A statement that reads no column of a CTE (count(*) over a recursive one) is reported as a
    // read of the CTE's name in no database; a table of the source is never taken for one.
    if (database == null && !request.relations.contains(key)) {
      return ALLOW;
    }
    if (request.readable.contains(key)
        || (TABLE_FUNCTIONS.contains(key) && (database == null || "main".equals(database)))) {
      return ALLOW;
    }
    return request.deny(
        RefusalKind.FORBIDDEN_RELATION,
        "it reads "
            + request.named(table, "a relation it does not name")
            + " where the policy's row filters and column rules do not apply (a construct"
            + " Parlance's analysis did not see); rewrite the query more plainly");
  }
}
