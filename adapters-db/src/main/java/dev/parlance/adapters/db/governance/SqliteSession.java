package dev.parlance.adapters.db.governance;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.parlance.adapters.db.jdbc.ResultBudget;
import dev.parlance.domain.catalog.ForeignKey;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One read-only connection to a SQLite file through the system library, with the engine's own
 * limits set, the authorizer installed and a deadline checked every few thousand VM steps. Used by
 * one thread at a time.
 */
final class SqliteSession implements AutoCloseable {

  /** The longest string or blob, in bytes: bounds every single function call's time and memory. */
  static final int MAX_VALUE_BYTES = 250_000;

  static final int MAX_LIKE_PATTERN = 1_000;
  static final int MAX_EXPRESSION_DEPTH = 200;
  static final int MAX_SQL_BYTES = 1_000_000;
  static final int MAX_PROGRAM_OPS = 1_000_000;

  /** The library's heap, for all governed connections of the process together. */
  static final long HARD_HEAP_LIMIT = 512L * 1024 * 1024;

  static final long SOFT_HEAP_LIMIT = 256L * 1024 * 1024;
  private static final int PROGRESS_STEPS = 1_000;

  /** A statement the engine rejected or interrupted. */
  static final class SqliteException extends RuntimeException {
    private final int code;
    private final int offset;

    SqliteException(int code, String message, int offset) {
      super(message, null, false, false);
      this.code = code;
      this.offset = offset;
    }

    int code() {
      return code & 0xff;
    }

    /** Byte offset in the statement where the engine stopped, or -1. */
    int offset() {
      return offset;
    }

    String codeName() {
      return SqliteLibrary.text(SqliteLibrary.sqlite3_errstr(code()));
    }
  }

  /** The rows a statement returned, up to the cap and within the budget. */
  record Rows(
      List<String> names,
      List<String> types,
      List<List<Object>> rows,
      boolean truncated,
      List<dev.parlance.domain.governance.ResultCut> cuts) {}

  private static volatile boolean heapLimited;

  private final Pointer db;
  // Strong references: the library keeps only the native stubs.
  private final SqliteLibrary.Authorizer authorizer;
  private final SqliteLibrary.Progress progress;
  private volatile SqliteAuthorizer.Request request;
  private volatile long deadline = Long.MAX_VALUE;
  private volatile boolean timedOut;

  private SqliteSession(Pointer db) {
    this.db = db;
    this.authorizer =
        (user, action, a3, a4, a5, a6) ->
            SqliteAuthorizer.decide(
                request,
                action,
                SqliteLibrary.text(a3),
                SqliteLibrary.text(a4),
                SqliteLibrary.text(a5),
                SqliteLibrary.text(a6));
    this.progress =
        user -> {
          if (System.nanoTime() > deadline) {
            timedOut = true;
            return 1;
          }
          return 0;
        };
  }

  /** Opens {@code path} read-only with the limits set and the authorizer installed. */
  static SqliteSession open(String path) throws SqliteException {
    if (!heapLimited) {
      synchronized (SqliteSession.class) {
        if (!heapLimited) {
          SqliteLibrary.sqlite3_hard_heap_limit64(HARD_HEAP_LIMIT);
          SqliteLibrary.sqlite3_soft_heap_limit64(SOFT_HEAP_LIMIT);
          heapLimited = true;
        }
      }
    }
    PointerByReference ref = new PointerByReference();
    int rc = SqliteLibrary.sqlite3_open_v2(path, ref, SqliteLibrary.OPEN_READONLY, null);
    Pointer db = ref.getValue();
    if (rc != SqliteLibrary.OK) {
      String message =
          db == null ? "cannot open" : SqliteLibrary.text(SqliteLibrary.sqlite3_errmsg(db));
      if (db != null) {
        SqliteLibrary.sqlite3_close_v2(db);
      }
      throw new SqliteException(rc, message, -1);
    }
    SqliteSession session = new SqliteSession(db);
    try {
      session.configure();
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    return session;
  }

  private void configure() throws SqliteException {
    SqliteLibrary.sqlite3_busy_timeout(db, 2_000);
    SqliteLibrary.dbConfig(db, SqliteLibrary.DBCONFIG_DEFENSIVE, 1);
    SqliteLibrary.dbConfig(db, SqliteLibrary.DBCONFIG_ENABLE_LOAD_EXTENSION, 0);
    SqliteLibrary.dbConfig(db, SqliteLibrary.DBCONFIG_ENABLE_TRIGGER, 0);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_LENGTH, MAX_VALUE_BYTES);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_SQL_LENGTH, MAX_SQL_BYTES);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_EXPR_DEPTH, MAX_EXPRESSION_DEPTH);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_LIKE_PATTERN_LENGTH, MAX_LIKE_PATTERN);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_VDBE_OP, MAX_PROGRAM_OPS);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_ATTACHED, 0);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_VARIABLE_NUMBER, 1);
    SqliteLibrary.sqlite3_limit(db, SqliteLibrary.LIMIT_WORKER_THREADS, 0);
    SqliteLibrary.sqlite3_set_authorizer(db, authorizer, null);
    SqliteLibrary.sqlite3_progress_handler(db, PROGRESS_STEPS, progress, null);
    // The JSON table functions create their virtual tables on first use, which writes to the
    // schema in memory: done here, by Parlance, so user statements only ever read them.
    query("SELECT count(*) FROM json_each('[]')", 1, 5_000);
    query("SELECT count(*) FROM json_tree('[]')", 1, 5_000);
  }

  /**
   * Runs {@code sql} as a user's statement under {@code rules}: compiled with the authorizer
   * answering for it, checked read-only, stepped until the budget's row cap, its byte budget or the
   * deadline (checked by the engine while it steps, and by the copy between rows).
   */
  Rows run(SqliteAuthorizer.Request rules, String sql, ResultBudget budget, long timeoutMs)
      throws SqliteException {
    request = rules;
    try {
      return query(sql, budget, timeoutMs);
    } finally {
      request = null;
    }
  }

  /** Runs one of Parlance's own statements (the authorizer answers for Parlance). */
  Rows query(String sql, int maxRows, long timeoutMs) throws SqliteException {
    return query(sql, ResultBudget.unlimited(maxRows), timeoutMs);
  }

  private Rows query(String sql, ResultBudget budget, long timeoutMs) throws SqliteException {
    byte[] utf8 = sql.getBytes(StandardCharsets.UTF_8);
    Memory text = new Memory(utf8.length + 1L);
    text.write(0, utf8, 0, utf8.length);
    text.setByte(utf8.length, (byte) 0);
    PointerByReference stmtRef = new PointerByReference();
    PointerByReference tailRef = new PointerByReference();
    timedOut = false;
    deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    try {
      int rc = SqliteLibrary.sqlite3_prepare_v2(db, text, utf8.length, stmtRef, tailRef);
      Pointer stmt = stmtRef.getValue();
      if (rc != SqliteLibrary.OK) {
        throw error(rc);
      }
      if (stmt == null) {
        throw new SqliteException(SqliteLibrary.ERROR, "the statement is empty", -1);
      }
      try {
        long tail = Pointer.nativeValue(tailRef.getValue()) - Pointer.nativeValue(text);
        if (tail < utf8.length
            && !new String(utf8, (int) tail, utf8.length - (int) tail, StandardCharsets.UTF_8)
                .isBlank()) {
          throw new SqliteException(SqliteLibrary.ERROR, "more than one statement", (int) tail);
        }
        if (request != null && SqliteLibrary.sqlite3_stmt_readonly(stmt) == 0) {
          throw new SqliteException(SqliteLibrary.AUTH, "the statement is not read-only", -1);
        }
        return rows(stmt, budget);
      } finally {
        SqliteLibrary.sqlite3_finalize(stmt);
      }
    } finally {
      deadline = Long.MAX_VALUE;
    }
  }

  private Rows rows(Pointer stmt, ResultBudget budget) throws SqliteException {
    int n = budget.columns(SqliteLibrary.sqlite3_column_count(stmt));
    List<String> names = new ArrayList<>(n);
    List<String> types = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      names.add(SqliteLibrary.text(SqliteLibrary.sqlite3_column_name(stmt, i)));
      String declared = SqliteLibrary.text(SqliteLibrary.sqlite3_column_decltype(stmt, i));
      types.add(declared == null ? "" : declared);
    }
    List<List<Object>> rows = new ArrayList<>();
    boolean truncated = false;
    int rc;
    while ((rc = SqliteLibrary.sqlite3_step(stmt)) == SqliteLibrary.ROW) {
      if (budget.expired()) {
        // The engine checks the deadline while it steps; the copy checks it between rows.
        timedOut = true;
        throw new SqliteException(SqliteLibrary.INTERRUPT, "interrupted", -1);
      }
      if (!budget.roomForRow(rows.size())) {
        truncated = true;
        break;
      }
      List<Object> row = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        row.add(value(stmt, i, budget));
      }
      if (!budget.fits(row, rows.size())) {
        truncated = true;
        break;
      }
      rows.add(row);
    }
    if (!truncated && rc != SqliteLibrary.DONE) {
      throw error(rc);
    }
    return new Rows(names, types, rows, truncated, budget.cuts());
  }

  private static Object value(Pointer stmt, int i, ResultBudget budget) {
    return switch (SqliteLibrary.sqlite3_column_type(stmt, i)) {
      case SqliteLibrary.INTEGER -> SqliteLibrary.sqlite3_column_int64(stmt, i);
      case SqliteLibrary.FLOAT -> SqliteLibrary.sqlite3_column_double(stmt, i);
      case SqliteLibrary.TEXT -> {
        Pointer p = SqliteLibrary.sqlite3_column_text(stmt, i);
        int bytes = SqliteLibrary.sqlite3_column_bytes(stmt, i);
        // Only as much as may be kept crosses into Java.
        yield p == null
            ? ""
            : budget.utf8(p.getByteArray(0, Math.min(bytes, budget.maxValueBytes())), bytes);
      }
      case SqliteLibrary.BLOB -> {
        Pointer p = SqliteLibrary.sqlite3_column_blob(stmt, i);
        int bytes = SqliteLibrary.sqlite3_column_bytes(stmt, i);
        byte[] data = p == null ? new byte[0] : p.getByteArray(0, Math.min(bytes, 64));
        yield "0x" + HexFormat.of().formatHex(data);
      }
      default -> null;
    };
  }

  private SqliteException error(int rc) {
    if (timedOut || (rc & 0xff) == SqliteLibrary.INTERRUPT) {
      return new SqliteException(SqliteLibrary.INTERRUPT, "interrupted", -1);
    }
    int code = SqliteLibrary.sqlite3_extended_errcode(db);
    String message = SqliteLibrary.text(SqliteLibrary.sqlite3_errmsg(db));
    return new SqliteException(
        code == 0 ? rc : code, message, SqliteLibrary.sqlite3_error_offset(db));
  }

  boolean timedOut() {
    return timedOut;
  }

  /** The relations of the main database, their columns and foreign keys. */
  Relations relations(DialectRules rules) throws SqliteException {
    List<Relations.Relation> relations = new ArrayList<>();
    Map<String, List<ForeignKey>> keys = new LinkedHashMap<>();
    Rows objects =
        query(
            "SELECT name, type FROM main.sqlite_schema WHERE type IN ('table', 'view')"
                + " ORDER BY name",
            100_000,
            10_000);
    Map<String, List<String>> primaryKeys = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    for (List<Object> o : objects.rows()) {
      String name = (String) o.get(0);
      if (rules.isSystemRelation(null, name)) {
        continue;
      }
      List<String> columns = new ArrayList<>();
      TreeMap<Long, String> pk = new TreeMap<>();
      for (List<Object> c :
          query(
                  "SELECT name, pk FROM pragma_table_info(" + SqlNames.literal(name) + ")",
                  100_000,
                  10_000)
              .rows()) {
        columns.add((String) c.get(0));
        long position = (Long) c.get(1);
        if (position > 0) {
          pk.put(position, (String) c.get(0));
        }
      }
      primaryKeys.put(name, List.copyOf(pk.values()));
      relations.add(
          new Relations.Relation(null, name, "view".equals(o.get(1)), List.copyOf(columns)));
    }
    for (Relations.Relation r : relations) {
      if (r.view()) {
        continue;
      }
      Map<Long, List<String[]>> byId = new TreeMap<>();
      for (List<Object> f :
          query(
                  "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list("
                      + SqlNames.literal(r.name())
                      + ") ORDER BY id, seq",
                  100_000,
                  10_000)
              .rows()) {
        byId.computeIfAbsent((Long) f.get(0), k -> new ArrayList<>())
            .add(new String[] {(String) f.get(1), (String) f.get(2), (String) f.get(3)});
      }
      List<ForeignKey> fks = new ArrayList<>();
      for (List<String[]> parts : byId.values()) {
        String referenced = parts.get(0)[0];
        List<String> from = parts.stream().map(p -> p[1]).toList();
        List<String> to = parts.stream().map(p -> p[2]).toList();
        if (to.stream().anyMatch(t -> t == null)) {
          to = primaryKeys.getOrDefault(referenced, List.of());
        }
        if (to.size() == from.size()) {
          fks.add(new ForeignKey(from, referenced, to));
        }
      }
      keys.put(r.name(), fks);
    }
    return Relations.of(relations, rules, keys);
  }

  void createView(String name, String body) throws SqliteException {
    query("CREATE TEMP VIEW " + SqlNames.quote(name) + " AS " + body, 1, 10_000);
  }

  void dropView(String name) throws SqliteException {
    query("DROP VIEW IF EXISTS temp." + SqlNames.quote(name), 1, 10_000);
  }

  @Override
  public void close() {
    SqliteLibrary.sqlite3_close_v2(db);
  }
}
