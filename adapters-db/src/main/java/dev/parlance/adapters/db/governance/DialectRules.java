package dev.parlance.adapters.db.governance;

import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What each dialect may not call or read, in one place: functions with side effects, file, network,
 * session or lock access, and the system relations Parlance never exposes. Names compare lower-case
 * and without quotes or schema; a prefix entry ends with {@code *}.
 */
record DialectRules(
    Dialect dialect,
    Set<String> functions,
    List<String> functionPrefixes,
    Set<String> systemSchemas,
    List<String> systemRelationPrefixes) {

  static DialectRules of(Dialect dialect) {
    return switch (dialect) {
      case POSTGRESQL -> POSTGRESQL;
      case SQLITE -> SQLITE;
      case H2 -> H2;
    };
  }

  private static final DialectRules POSTGRESQL =
      new DialectRules(
          Dialect.POSTGRESQL,
          Set.of(
              // server files and programs
              "pg_read_file",
              "pg_read_binary_file",
              "pg_stat_file",
              "pg_current_logfile",
              "pg_file_write",
              "pg_file_rename",
              "pg_file_unlink",
              "pg_file_sync",
              "pg_logdir_ls",
              // large objects reach server files (lo_import/lo_export)
              "loread",
              "lowrite",
              // other databases and the network
              "dblink",
              "dblink_exec",
              "dblink_connect",
              "dblink_connect_u",
              "dblink_open",
              "dblink_fetch",
              "dblink_send_query",
              "dblink_get_result",
              "postgres_fdw_handler",
              // session state, sequences, sleeping, signalling other sessions
              "set_config",
              "nextval",
              "setval",
              "pg_sleep",
              "pg_sleep_for",
              "pg_sleep_until",
              "pg_terminate_backend",
              "pg_cancel_backend",
              "pg_reload_conf",
              "pg_rotate_logfile",
              "pg_promote",
              "pg_switch_wal",
              "pg_create_restore_point",
              "pg_notify",
              "pg_log_backend_memory_contexts",
              "pg_import_system_collations",
              "txid_current",
              "pg_current_xact_id",
              "pg_stat_statements_reset",
              // functions that run SQL given as text, which would bypass the rewrite
              "query_to_xml",
              "query_to_xmlschema",
              "query_to_xml_and_xmlschema",
              "cursor_to_xml",
              "cursor_to_xmlschema",
              "table_to_xml",
              "table_to_xmlschema",
              "table_to_xml_and_xmlschema",
              "schema_to_xml",
              "schema_to_xmlschema",
              "schema_to_xml_and_xmlschema",
              "database_to_xml",
              "database_to_xmlschema",
              "database_to_xml_and_xmlschema",
              "ts_stat",
              "ts_rewrite"),
          List.of(
              "pg_read_",
              "pg_ls_",
              "pg_file_",
              "lo_",
              "dblink",
              "pg_sleep",
              "pg_advisory",
              "pg_try_advisory",
              "pg_stat_reset",
              "pg_replication_",
              "pg_logical_",
              "pg_create_",
              "pg_drop_",
              "pg_copy_",
              "pg_wal_",
              "pg_backup_",
              "pg_start_backup",
              "pg_stop_backup"),
          // parlance and parlance_gov hold what `policy apply` provisions: never read by name
          Set.of("pg_catalog", "information_schema", "pg_toast", "parlance", "parlance_gov"),
          List.of());

  private static final DialectRules SQLITE =
      new DialectRules(
          Dialect.SQLITE,
          Set.of(
              "load_extension",
              "readfile",
              "writefile",
              "edit",
              "fts3_tokenizer",
              "zipfile",
              "sqlar_compress",
              "sqlar_uncompress",
              "fsdir",
              "lsmode",
              "randomblob",
              "zeroblob",
              "sqlite_dbpage",
              "dbstat",
              "sqlite_stmt",
              "shell_add_schema",
              "shell_escape_crnl",
              "shell_module_schema",
              "shell_putsnl"),
          List.of("pragma_", "sqlite_"),
          Set.of("temp", "sqlite_temp_master"),
          List.of("sqlite_"));

  private static final DialectRules H2 =
      new DialectRules(
          Dialect.H2,
          Set.of(
              "file_read",
              "file_write",
              "csvread",
              "csvwrite",
              "link_schema",
              "cancel_session",
              "abort_session",
              "nextval",
              "currval",
              "setval",
              "sleep",
              "set",
              "database_path",
              "memory_free",
              "memory_used",
              "disk_space_used",
              "signal",
              "lock_timeout",
              "truncate_value",
              "unique_constraint"),
          List.of("java_", "file_"),
          Set.of("information_schema"),
          List.of());

  /** Whether calling {@code name} (any case, quotes and schema stripped) is forbidden. */
  boolean forbidsFunction(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    if (functions.contains(n)) {
      return true;
    }
    for (String prefix : functionPrefixes) {
      if (n.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  // SQLite's eponymous virtual tables that describe the database itself: its pages, statements
  // and PRAGMA results (readable as pragma_table_info, pragma_table_list, …).
  private static final Set<String> SQLITE_INTERNAL =
      Set.of("dbstat", "sqlite_dbpage", "sqlite_stmt");

  /** Whether a relation is the engine's own (system catalog, statistics, temp schema). */
  boolean isSystemRelation(String schema, String name) {
    if (schema != null && systemSchemas.contains(schema.toLowerCase(Locale.ROOT))) {
      return true;
    }
    String n = name.toLowerCase(Locale.ROOT);
    if (dialect == Dialect.SQLITE && (SQLITE_INTERNAL.contains(n) || n.startsWith("pragma_"))) {
      return true;
    }
    for (String prefix : systemRelationPrefixes) {
      if (n.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }
}
