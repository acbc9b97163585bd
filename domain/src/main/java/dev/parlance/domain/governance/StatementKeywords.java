package dev.parlance.domain.governance;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Classifies a statement that is not a query by its first keyword, so that even a statement the
 * parser cannot read is refused with the right reason.
 */
public final class StatementKeywords {
  private StatementKeywords() {}

  private static final Map<String, RefusalKind> LEADING =
      Map.ofEntries(
          Map.entry("insert", RefusalKind.DATA_CHANGE),
          Map.entry("update", RefusalKind.DATA_CHANGE),
          Map.entry("delete", RefusalKind.DATA_CHANGE),
          Map.entry("merge", RefusalKind.DATA_CHANGE),
          Map.entry("upsert", RefusalKind.DATA_CHANGE),
          Map.entry("replace", RefusalKind.DATA_CHANGE),
          Map.entry("truncate", RefusalKind.DATA_CHANGE),
          Map.entry("create", RefusalKind.SCHEMA_CHANGE),
          Map.entry("alter", RefusalKind.SCHEMA_CHANGE),
          Map.entry("drop", RefusalKind.SCHEMA_CHANGE),
          Map.entry("rename", RefusalKind.SCHEMA_CHANGE),
          Map.entry("comment", RefusalKind.SCHEMA_CHANGE),
          Map.entry("grant", RefusalKind.SCHEMA_CHANGE),
          Map.entry("revoke", RefusalKind.SCHEMA_CHANGE),
          Map.entry("reindex", RefusalKind.SCHEMA_CHANGE),
          Map.entry("cluster", RefusalKind.SCHEMA_CHANGE),
          Map.entry("refresh", RefusalKind.SCHEMA_CHANGE),
          Map.entry("security", RefusalKind.SCHEMA_CHANGE),
          Map.entry("import", RefusalKind.SCHEMA_CHANGE),
          Map.entry("begin", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("start", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("commit", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("end", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("rollback", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("abort", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("savepoint", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("release", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("prepare", RefusalKind.TRANSACTION_CONTROL),
          Map.entry("lock", RefusalKind.LOCKING_CLAUSE),
          Map.entry("set", RefusalKind.SESSION_CONTROL),
          Map.entry("reset", RefusalKind.SESSION_CONTROL),
          Map.entry("pragma", RefusalKind.SESSION_CONTROL),
          Map.entry("attach", RefusalKind.SESSION_CONTROL),
          Map.entry("detach", RefusalKind.SESSION_CONTROL),
          Map.entry("vacuum", RefusalKind.SESSION_CONTROL),
          Map.entry("analyze", RefusalKind.SESSION_CONTROL),
          Map.entry("analyse", RefusalKind.SESSION_CONTROL),
          Map.entry("copy", RefusalKind.SESSION_CONTROL),
          Map.entry("load", RefusalKind.SESSION_CONTROL),
          Map.entry("discard", RefusalKind.SESSION_CONTROL),
          Map.entry("checkpoint", RefusalKind.SESSION_CONTROL),
          Map.entry("listen", RefusalKind.SESSION_CONTROL),
          Map.entry("notify", RefusalKind.SESSION_CONTROL),
          Map.entry("unlisten", RefusalKind.SESSION_CONTROL),
          Map.entry("use", RefusalKind.SESSION_CONTROL),
          Map.entry("runscript", RefusalKind.SESSION_CONTROL),
          Map.entry("script", RefusalKind.SESSION_CONTROL),
          Map.entry("backup", RefusalKind.SESSION_CONTROL),
          Map.entry("shutdown", RefusalKind.SESSION_CONTROL),
          Map.entry("do", RefusalKind.NOT_A_QUERY),
          Map.entry("call", RefusalKind.NOT_A_QUERY),
          Map.entry("execute", RefusalKind.NOT_A_QUERY),
          Map.entry("exec", RefusalKind.NOT_A_QUERY),
          Map.entry("explain", RefusalKind.NOT_A_QUERY),
          Map.entry("show", RefusalKind.NOT_A_QUERY),
          Map.entry("describe", RefusalKind.NOT_A_QUERY),
          Map.entry("values", RefusalKind.NOT_A_QUERY),
          Map.entry("table", RefusalKind.NOT_A_QUERY),
          Map.entry("declare", RefusalKind.NOT_A_QUERY),
          Map.entry("fetch", RefusalKind.NOT_A_QUERY),
          Map.entry("move", RefusalKind.NOT_A_QUERY),
          Map.entry("close", RefusalKind.NOT_A_QUERY),
          Map.entry("deallocate", RefusalKind.NOT_A_QUERY));

  /** The refusal class of a statement starting with {@code keyword}, if it is not a query. */
  public static Optional<RefusalKind> classify(String keyword) {
    if (keyword == null) {
      return Optional.empty();
    }
    return Optional.ofNullable(LEADING.get(keyword.strip().toLowerCase(Locale.ROOT)));
  }
}
