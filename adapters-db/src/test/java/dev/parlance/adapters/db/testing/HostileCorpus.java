package dev.parlance.adapters.db.testing;

import static dev.parlance.domain.governance.RefusalKind.DATA_CHANGE;
import static dev.parlance.domain.governance.RefusalKind.EMPTY;
import static dev.parlance.domain.governance.RefusalKind.FORBIDDEN_FUNCTION;
import static dev.parlance.domain.governance.RefusalKind.FORBIDDEN_RELATION;
import static dev.parlance.domain.governance.RefusalKind.LOCKING_CLAUSE;
import static dev.parlance.domain.governance.RefusalKind.MULTIPLE_STATEMENTS;
import static dev.parlance.domain.governance.RefusalKind.NOT_A_QUERY;
import static dev.parlance.domain.governance.RefusalKind.PARAMETER;
import static dev.parlance.domain.governance.RefusalKind.SCHEMA_CHANGE;
import static dev.parlance.domain.governance.RefusalKind.SELECT_INTO;
import static dev.parlance.domain.governance.RefusalKind.SESSION_CONTROL;
import static dev.parlance.domain.governance.RefusalKind.TOO_COMPLEX;
import static dev.parlance.domain.governance.RefusalKind.TOO_LONG;
import static dev.parlance.domain.governance.RefusalKind.TRANSACTION_CONTROL;
import static dev.parlance.domain.governance.RefusalKind.UNPARSABLE;
import static dev.parlance.domain.governance.RefusalKind.WRITABLE_CTE;

import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Statements written to break out of read-only, governed execution: every refusal class, comment
 * and quoting tricks, case and Unicode variants, stacked statements, very long and deeply nested
 * input. Each must be refused (with the expected class where one is named, or any class where the
 * expectation is {@link #ANY_REFUSAL}) or, for the harmless ones ({@code expected == null}), run
 * without changing the database.
 */
public final class HostileCorpus {
  private HostileCorpus() {}

  /** Refused, whatever the class: several rules may fairly catch it first. */
  public static final RefusalKind ANY_REFUSAL = null;

  /** What a statement must do. */
  public enum Expect {
    /** Refused, with {@link Hostile#kind()} when one is named. */
    REFUSED,
    /** Runs and returns rows: a harmless query the rewrite must keep valid. */
    RUNS,
    /** Refused or run (its failure included); either way nothing changes. */
    EITHER
  }

  public record Hostile(String label, String sql, RefusalKind kind, Expect expect) {
    @Override
    public String toString() {
      return label;
    }
  }

  private static final class Builder {
    private final List<Hostile> list = new ArrayList<>();
    private final Set<String> labels = new LinkedHashSet<>();

    void refused(String label, RefusalKind kind, String sql) {
      add(new Hostile(label, sql, kind, Expect.REFUSED));
    }

    void harmless(String label, String sql) {
      add(new Hostile(label, sql, null, Expect.RUNS));
    }

    void either(String label, String sql) {
      add(new Hostile(label, sql, null, Expect.EITHER));
    }

    private void add(Hostile h) {
      if (!labels.add(h.label())) {
        throw new IllegalStateException("duplicate label " + h.label());
      }
      list.add(h);
    }
  }

  public static List<Hostile> forDialect(Dialect dialect) {
    Builder b = new Builder();
    common(b);
    variants(b);
    if (dialect == Dialect.POSTGRESQL) {
      postgres(b);
    } else if (dialect == Dialect.SQLITE) {
      sqlite(b);
    }
    sizes(b);
    return List.copyOf(b.list);
  }

  private static void common(Builder b) {
    // data changes
    b.refused("insert", DATA_CHANGE, "INSERT INTO TB_RG VALUES ('XX', 'X', 'S')");
    b.refused(
        "insert select",
        DATA_CHANGE,
        "INSERT INTO TB_RG SELECT 'YY', RG_NM, RG_FL_ACT FROM TB_RG LIMIT 1");
    b.refused("update", DATA_CHANGE, "UPDATE TB_MO SET MO_ST = 6");
    b.refused(
        "update with subquery",
        DATA_CHANGE,
        "UPDATE TB_MO SET MO_ST = (SELECT 1) WHERE MO_ID IN (SELECT MO_ID FROM TB_MO)");
    b.refused("delete", DATA_CHANGE, "DELETE FROM TB_MO");
    b.refused("delete returning", DATA_CHANGE, "DELETE FROM TB_MO WHERE MO_ID = 1 RETURNING *");
    b.refused("truncate", ANY_REFUSAL, "TRUNCATE TABLE TB_MO");
    b.refused(
        "merge",
        ANY_REFUSAL,
        "MERGE INTO TB_RG r USING TB_RG s ON r.RG_CD = s.RG_CD WHEN MATCHED THEN DELETE");
    b.refused("replace into", DATA_CHANGE, "REPLACE INTO TB_RG VALUES ('SE', 'X', 'S')");
    b.refused(
        "upsert",
        DATA_CHANGE,
        "INSERT INTO TB_RG VALUES ('SE','X','S') ON CONFLICT (RG_CD) DO UPDATE SET RG_NM = 'X'");
    // schema changes
    b.refused("create table", SCHEMA_CHANGE, "CREATE TABLE evil (x INTEGER)");
    b.refused("create table as", SCHEMA_CHANGE, "CREATE TABLE evil AS SELECT * FROM TB_MO");
    b.refused("drop table", SCHEMA_CHANGE, "DROP TABLE TB_MO");
    b.refused("drop view", SCHEMA_CHANGE, "DROP VIEW V_IN");
    b.refused("alter table", SCHEMA_CHANGE, "ALTER TABLE TB_MO ADD COLUMN evil INTEGER");
    b.refused("alter rename", SCHEMA_CHANGE, "ALTER TABLE TB_MO RENAME TO TB_OLD");
    b.refused("create index", SCHEMA_CHANGE, "CREATE INDEX ix_evil ON TB_MO(MO_DS)");
    b.refused("create view", SCHEMA_CHANGE, "CREATE VIEW evil AS SELECT * FROM TB_EMP");
    b.refused(
        "create trigger",
        ANY_REFUSAL,
        "CREATE TRIGGER t AFTER INSERT ON TB_MO BEGIN DELETE FROM TB_MO; END");
    b.refused("grant", ANY_REFUSAL, "GRANT ALL ON TB_MO TO PUBLIC");
    b.refused("revoke", ANY_REFUSAL, "REVOKE SELECT ON TB_MO FROM PUBLIC");
    b.refused("comment on", ANY_REFUSAL, "COMMENT ON TABLE TB_MO IS 'x'");
    // SELECT INTO and locking
    b.refused("select into", SELECT_INTO, "SELECT * INTO evil FROM TB_MO");
    b.refused("select into temp", ANY_REFUSAL, "SELECT MO_ID INTO TEMP evil FROM TB_MO");
    b.refused("for update", LOCKING_CLAUSE, "SELECT * FROM TB_MO FOR UPDATE");
    b.refused("for share", LOCKING_CLAUSE, "SELECT * FROM TB_MO FOR SHARE");
    b.refused("for no key update", LOCKING_CLAUSE, "SELECT * FROM TB_MO FOR NO KEY UPDATE");
    b.refused("for update nowait", LOCKING_CLAUSE, "SELECT * FROM TB_MO FOR UPDATE NOWAIT");
    b.refused(
        "for update skip locked", LOCKING_CLAUSE, "SELECT * FROM TB_MO FOR UPDATE SKIP LOCKED");
    b.refused("lock table", ANY_REFUSAL, "LOCK TABLE TB_MO IN ACCESS EXCLUSIVE MODE");
    // writable CTEs
    b.refused(
        "cte delete",
        WRITABLE_CTE,
        "WITH d AS (DELETE FROM TB_MO RETURNING *) SELECT count(*) FROM d");
    b.refused(
        "cte update",
        WRITABLE_CTE,
        "WITH u AS (UPDATE TB_MO SET MO_ST = 6 RETURNING MO_ID) SELECT * FROM u");
    b.refused(
        "cte insert",
        WRITABLE_CTE,
        "WITH i AS (INSERT INTO TB_RG VALUES ('ZZ','Z','S') RETURNING *) SELECT * FROM i");
    b.refused(
        "cte delete nested",
        ANY_REFUSAL,
        "SELECT * FROM (WITH d AS (DELETE FROM TB_MO RETURNING *) SELECT * FROM d) x");
    // stacked statements
    b.refused("stacked delete", MULTIPLE_STATEMENTS, "SELECT 1; DELETE FROM TB_MO");
    b.refused("stacked drop", MULTIPLE_STATEMENTS, "SELECT 1;DROP TABLE TB_MO");
    b.refused("stacked newline", MULTIPLE_STATEMENTS, "SELECT 1\n;\nUPDATE TB_MO SET MO_ST = 6");
    b.refused(
        "stacked after comment", MULTIPLE_STATEMENTS, "SELECT 1 -- harmless\n; DELETE FROM TB_MO");
    b.refused("stacked selects", MULTIPLE_STATEMENTS, "SELECT 1; SELECT 2");
    b.refused(
        "stacked in block comment gap",
        MULTIPLE_STATEMENTS,
        "SELECT 1 /* a */; /* b */ DELETE FROM TB_MO");
    b.refused("stacked three", MULTIPLE_STATEMENTS, "SELECT 1; SELECT 2; SELECT 3");
    // transaction and session control
    b.refused("begin", TRANSACTION_CONTROL, "BEGIN");
    b.refused("commit", TRANSACTION_CONTROL, "COMMIT");
    b.refused("rollback", TRANSACTION_CONTROL, "ROLLBACK");
    b.refused("savepoint", TRANSACTION_CONTROL, "SAVEPOINT s1");
    b.refused("release", TRANSACTION_CONTROL, "RELEASE SAVEPOINT s1");
    b.refused("start transaction", TRANSACTION_CONTROL, "START TRANSACTION READ WRITE");
    b.refused("end", TRANSACTION_CONTROL, "END");
    b.refused("set", SESSION_CONTROL, "SET statement_timeout = 0");
    b.refused("set transaction", SESSION_CONTROL, "SET TRANSACTION READ WRITE");
    b.refused(
        "set session", SESSION_CONTROL, "SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE");
    b.refused("reset", SESSION_CONTROL, "RESET ALL");
    b.refused("vacuum", SESSION_CONTROL, "VACUUM");
    b.refused("analyze", SESSION_CONTROL, "ANALYZE TB_MO");
    b.refused("explain analyze delete", NOT_A_QUERY, "EXPLAIN ANALYZE DELETE FROM TB_MO");
    b.refused("explain select", NOT_A_QUERY, "EXPLAIN SELECT * FROM TB_MO");
    b.refused("values", NOT_A_QUERY, "VALUES (1), (2)");
    b.refused("table statement", NOT_A_QUERY, "TABLE TB_EMP");
    b.refused("call", NOT_A_QUERY, "CALL do_something()");
    // parameters
    b.refused("jdbc parameter", PARAMETER, "SELECT * FROM TB_MO WHERE MO_ID = ?");
    b.refused("named parameter", PARAMETER, "SELECT * FROM TB_MO WHERE MO_ID = :id");
    // relations the policy does not allow, unknown ones
    b.refused("table outside the allowlist", FORBIDDEN_RELATION, "SELECT * FROM TB_CD");
    b.refused(
        "table outside the allowlist in subquery",
        FORBIDDEN_RELATION,
        "SELECT * FROM TB_MO WHERE MO_TP IN (SELECT CD_VL FROM TB_CD)");
    b.refused(
        "table outside the allowlist in union",
        FORBIDDEN_RELATION,
        "SELECT RG_CD FROM TB_RG UNION SELECT CD_VL FROM TB_CD");
    b.refused(
        "table outside the allowlist in cte",
        FORBIDDEN_RELATION,
        "WITH c AS (SELECT * FROM TB_CD) SELECT * FROM c");
    b.refused("database view not named in the policy", FORBIDDEN_RELATION, "SELECT * FROM V_IN");
    b.refused("unknown table", FORBIDDEN_RELATION, "SELECT * FROM no_such_table");
    b.refused(
        "cte shadowing a table",
        FORBIDDEN_RELATION,
        "WITH TB_IN AS (SELECT 1 AS IN_ID) SELECT * FROM TB_IN");
    // empty and unreadable
    b.refused("empty", EMPTY, "");
    b.refused("blank", EMPTY, "   \n\t ");
    b.refused("only a comment", EMPTY, "-- nothing here");
    b.refused("only a block comment", EMPTY, "/* nothing */");
    b.refused("only semicolons", EMPTY, ";;");
    b.refused("garbage", UNPARSABLE, "SELEC * FORM TB_MO");
    b.refused("unterminated string", UNPARSABLE, "SELECT 'abc FROM TB_MO");
    b.refused("unterminated comment", ANY_REFUSAL, "SELECT 1 /* never closed");
    // comment and quoting tricks that must stay harmless
    b.harmless("delete inside a block comment", "SELECT 1 /* ; DELETE FROM TB_MO */");
    b.harmless("delete inside a line comment", "SELECT 1 -- ; DELETE FROM TB_MO");
    b.harmless("delete inside a string", "SELECT '; DELETE FROM TB_MO; --' AS x");
    b.harmless("quote doubling in a string", "SELECT 'it''s; DROP TABLE TB_MO' AS x");
    b.harmless("comment marker in a string", "SELECT '--' || '/*' AS x FROM TB_RG");
    b.harmless("delete as an alias", "SELECT 1 AS \"DELETE FROM TB_MO\"");
    b.refused("comment before delete", DATA_CHANGE, "/* report */ DELETE FROM TB_MO");
    b.refused("line comment before delete", DATA_CHANGE, "-- report\nDELETE FROM TB_MO");
    b.refused("comment splitting keyword", ANY_REFUSAL, "DEL/**/ETE FROM TB_MO");
    b.refused("comment between delete and from", DATA_CHANGE, "DELETE/**/FROM TB_MO");
    b.refused("parenthesised delete", ANY_REFUSAL, "(DELETE FROM TB_MO)");
    b.refused("quoted keyword", ANY_REFUSAL, "\"DELETE\" FROM TB_MO");
    // Unicode
    b.harmless("unicode literal", "SELECT count(*) FROM TB_MO WHERE MO_DS = 'manutenção ☃'");
    b.refused("fullwidth keyword", ANY_REFUSAL, "ＤＥＬＥＴＥ FROM TB_MO");
    b.refused("zero width space in keyword", ANY_REFUSAL, "DEL\u200BETE FROM TB_MO");
    b.refused("non breaking space before delete", ANY_REFUSAL, "SELECT 1;\u00A0DELETE FROM TB_MO");
    b.refused("nul byte then delete", ANY_REFUSAL, "SELECT 1\u0000; DELETE FROM TB_MO");
    b.either("homoglyph function", "SELECT * FROM TB_MO WHERE MO_ID = ѕleep(1)");
    b.harmless("turkish dotless i", "SELECT count(*) FROM TB_MO WHERE MO_DS = 'ıi'");
    // plain queries that must run
    b.harmless("lookup", "SELECT * FROM TB_MO WHERE MO_ID = 7");
    b.harmless(
        "join three hops",
        "SELECT i.IN_CD, count(*) FROM TB_IN i JOIN TB_SY s ON s.SY_IN_ID = i.IN_ID JOIN TB_EQ e ON e.EQ_SY_ID = s.SY_ID JOIN TB_MO m ON m.MO_EQ_ID = e.EQ_ID WHERE m.MO_ST = 1 GROUP BY i.IN_CD ORDER BY 2 DESC");
    b.harmless(
        "cte and union",
        "WITH o AS (SELECT MO_ID FROM TB_MO WHERE MO_ST = 1) SELECT MO_ID FROM o UNION SELECT MO_ID FROM TB_MO WHERE MO_ST = 2");
    b.harmless(
        "window function",
        "SELECT MO_ID, row_number() OVER (PARTITION BY MO_ST ORDER BY MO_ID) AS n FROM TB_MO");
    b.harmless(
        "exists",
        "SELECT count(*) FROM TB_EQ e WHERE EXISTS (SELECT 1 FROM TB_MO m WHERE m.MO_EQ_ID = e.EQ_ID)");
    b.harmless("limit above cap", "SELECT * FROM TB_MO LIMIT 100000");
    b.harmless("trailing semicolon", "SELECT count(*) FROM TB_RG;");
  }

  private static final String[] DANGEROUS = {
    "DELETE FROM TB_MO",
    "UPDATE TB_EMP SET EMP_HR_RT = 0",
    "DROP TABLE TB_EMP",
    "INSERT INTO TB_RG VALUES ('QQ', 'Q', 'S')",
    "CREATE TABLE q (x INTEGER)",
    "ALTER TABLE TB_RG ADD COLUMN q INTEGER",
    "SELECT * FROM TB_MO FOR UPDATE",
    "SELECT * INTO q FROM TB_RG",
    "WITH d AS (DELETE FROM TB_RG RETURNING *) SELECT * FROM d",
    "BEGIN",
    "SELECT * FROM TB_CD"
  };

  // Case, spacing and comment variants of the dangerous statements, and stacked after a query.
  private static void variants(Builder b) {
    for (int i = 0; i < DANGEROUS.length; i++) {
      String sql = DANGEROUS[i];
      b.refused("lower case " + i, ANY_REFUSAL, sql.toLowerCase(Locale.ROOT));
      b.refused("mixed case " + i, ANY_REFUSAL, mixedCase(sql));
      b.refused("tabs and newlines " + i, ANY_REFUSAL, sql.replace(" ", "\n\t "));
      b.refused("leading comments " + i, ANY_REFUSAL, "/* x */ -- y\n" + sql);
      b.refused("stacked after select " + i, MULTIPLE_STATEMENTS, "SELECT 1; " + sql);
      b.refused(
          "stacked with comment " + i, MULTIPLE_STATEMENTS, "SELECT 1 /* ; */ ; " + sql + " -- ;");
    }
  }

  private static String mixedCase(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      out.append(i % 2 == 0 ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return out.toString();
  }

  private static void postgres(Builder b) {
    b.refused("pg_read_file", FORBIDDEN_FUNCTION, "SELECT pg_read_file('/etc/passwd')");
    b.refused(
        "pg_read_binary_file", FORBIDDEN_FUNCTION, "SELECT pg_read_binary_file('/etc/passwd')");
    b.refused("pg_ls_dir", FORBIDDEN_FUNCTION, "SELECT pg_ls_dir('.')");
    b.refused("pg_ls_dir in from", FORBIDDEN_FUNCTION, "SELECT * FROM pg_ls_dir('.') AS f");
    b.refused("pg_stat_file", FORBIDDEN_FUNCTION, "SELECT pg_stat_file('postgresql.conf')");
    b.refused("lo_import", FORBIDDEN_FUNCTION, "SELECT lo_import('/etc/passwd')");
    b.refused("lo_export", FORBIDDEN_FUNCTION, "SELECT lo_export(1, '/tmp/parlance-hostile-lo')");
    b.refused(
        "dblink",
        ANY_REFUSAL,
        "SELECT * FROM dblink('host=127.0.0.1', 'DELETE FROM tb_mo') AS t(x int)");
    b.refused("dblink_exec", FORBIDDEN_FUNCTION, "SELECT dblink_exec('DELETE FROM tb_mo')");
    b.refused(
        "set_config",
        FORBIDDEN_FUNCTION,
        "SELECT set_config('transaction_read_only', 'off', false)");
    b.refused("nextval", FORBIDDEN_FUNCTION, "SELECT nextval('seq_orders')");
    b.refused("setval", FORBIDDEN_FUNCTION, "SELECT setval('seq_orders', 100)");
    b.refused("pg_sleep", FORBIDDEN_FUNCTION, "SELECT pg_sleep(10)");
    b.refused("pg_sleep_for", FORBIDDEN_FUNCTION, "SELECT pg_sleep_for('10 seconds')");
    b.refused("pg_sleep qualified", FORBIDDEN_FUNCTION, "SELECT pg_catalog.pg_sleep(10)");
    b.refused("pg_sleep quoted", FORBIDDEN_FUNCTION, "SELECT \"pg_sleep\"(10)");
    b.refused("pg_sleep upper case", FORBIDDEN_FUNCTION, "SELECT PG_SLEEP(10)");
    b.refused(
        "pg_sleep in where",
        FORBIDDEN_FUNCTION,
        "SELECT * FROM TB_MO WHERE MO_ID = 1 AND pg_sleep(10) IS NOT NULL");
    b.refused(
        "pg_sleep in subquery", FORBIDDEN_FUNCTION, "SELECT (SELECT pg_sleep(10)) FROM TB_RG");
    b.refused(
        "pg_sleep in case",
        FORBIDDEN_FUNCTION,
        "SELECT CASE WHEN MO_ID > 0 THEN pg_sleep(1) END FROM TB_MO");
    b.refused(
        "pg_sleep in order by", FORBIDDEN_FUNCTION, "SELECT * FROM TB_RG ORDER BY pg_sleep(1)");
    b.refused(
        "pg_sleep as argument", FORBIDDEN_FUNCTION, "SELECT coalesce(pg_sleep(1)::text, 'x')");
    b.refused(
        "pg_sleep in cte", FORBIDDEN_FUNCTION, "WITH s AS (SELECT pg_sleep(1)) SELECT * FROM s");
    b.refused(
        "pg_sleep in lateral",
        FORBIDDEN_FUNCTION,
        "SELECT * FROM TB_RG, LATERAL (SELECT pg_sleep(1)) s");
    b.refused("pg_terminate_backend", FORBIDDEN_FUNCTION, "SELECT pg_terminate_backend(1)");
    b.refused("pg_cancel_backend", FORBIDDEN_FUNCTION, "SELECT pg_cancel_backend(1)");
    b.refused("pg_reload_conf", FORBIDDEN_FUNCTION, "SELECT pg_reload_conf()");
    b.refused(
        "query_to_xml",
        FORBIDDEN_FUNCTION,
        "SELECT query_to_xml('DELETE FROM tb_mo RETURNING *', true, false, '')");
    b.refused("table_to_xml", FORBIDDEN_FUNCTION, "SELECT table_to_xml('tb_emp', true, false, '')");
    b.refused("pg_advisory_lock", FORBIDDEN_FUNCTION, "SELECT pg_advisory_lock(1)");
    b.refused("pg_notify", FORBIDDEN_FUNCTION, "SELECT pg_notify('c', 'x')");
    b.refused("txid_current", FORBIDDEN_FUNCTION, "SELECT txid_current()");
    b.refused("pg_authid", FORBIDDEN_RELATION, "SELECT * FROM pg_authid");
    b.refused("pg_shadow", FORBIDDEN_RELATION, "SELECT * FROM pg_catalog.pg_shadow");
    b.refused("pg_user unqualified", FORBIDDEN_RELATION, "SELECT * FROM pg_user");
    b.refused("information_schema", FORBIDDEN_RELATION, "SELECT * FROM information_schema.tables");
    b.refused("pg_stat_activity", FORBIDDEN_RELATION, "SELECT query FROM pg_stat_activity");
    b.refused("other database", FORBIDDEN_RELATION, "SELECT * FROM postgres.public.tb_mo");
    b.refused("copy to file", SESSION_CONTROL, "COPY tb_emp TO '/tmp/parlance-hostile-copy'");
    b.refused(
        "copy from program",
        SESSION_CONTROL,
        "COPY tb_rg FROM PROGRAM 'touch /tmp/parlance-hostile-prog'");
    b.refused("do block", ANY_REFUSAL, "DO $$BEGIN DELETE FROM tb_mo; END$$");
    b.refused("load library", SESSION_CONTROL, "LOAD 'plpgsql'");
    b.refused("discard", SESSION_CONTROL, "DISCARD ALL");
    b.refused("listen", SESSION_CONTROL, "LISTEN c");
    b.refused("notify", SESSION_CONTROL, "NOTIFY c");
    b.refused("checkpoint", SESSION_CONTROL, "CHECKPOINT");
    b.refused("prepare", ANY_REFUSAL, "PREPARE p AS DELETE FROM tb_mo");
    b.refused("execute", NOT_A_QUERY, "EXECUTE p");
    b.refused("create extension", SCHEMA_CHANGE, "CREATE EXTENSION dblink");
    b.refused(
        "create function",
        SCHEMA_CHANGE,
        "CREATE FUNCTION f() RETURNS int AS $$ DELETE FROM tb_mo RETURNING 1 $$ LANGUAGE sql");
    b.refused("dollar parameter", ANY_REFUSAL, "SELECT * FROM tb_mo WHERE mo_id = $1");
    b.refused("escape string differential", ANY_REFUSAL, "SELECT E'\\'', pg_sleep(10) --'");
    b.refused(
        "escape string hides a second statement",
        ANY_REFUSAL,
        "SELECT E'\\'' ; DELETE FROM tb_mo; --'");
    // PostgreSQL nests comments: the DELETE is commented out, and only SELECT 1 may run.
    b.either(
        "nested comment hides a statement", "SELECT 1 /* outer /* inner */ ; DELETE FROM tb_mo */");
    b.either("unicode escaped identifier", "SELECT U&\"\\0070g_sleep\"(10)");
    b.harmless("dollar quoted delete", "SELECT $$; DELETE FROM tb_mo; $$ AS x");
    b.either("tagged dollar quote", "SELECT $tag$ '; DROP TABLE tb_mo; $tag$ AS x");
    b.harmless(
        "postgres casts and ilike", "SELECT mo_id::text FROM tb_mo WHERE mo_ds ILIKE '%gaxeta%'");
    b.harmless("current_setting is read-only", "SELECT current_setting('transaction_read_only')");
    b.harmless("generate_series", "SELECT count(*) FROM generate_series(1, 10) g");
    b.harmless("schema qualified", "SELECT count(*) FROM public.tb_mo");
    b.harmless(
        "distinct on", "SELECT DISTINCT ON (mo_st) mo_st, mo_id FROM tb_mo ORDER BY mo_st, mo_id");
  }

  private static void sqlite(Builder b) {
    b.refused("load_extension", FORBIDDEN_FUNCTION, "SELECT load_extension('/tmp/evil.so')");
    b.refused("readfile", FORBIDDEN_FUNCTION, "SELECT readfile('/etc/passwd')");
    b.refused("writefile", FORBIDDEN_FUNCTION, "SELECT writefile('/tmp/parlance-hostile-w', 'x')");
    b.refused("zeroblob", FORBIDDEN_FUNCTION, "SELECT zeroblob(1000000000)");
    b.refused("randomblob", FORBIDDEN_FUNCTION, "SELECT length(randomblob(1000000000))");
    b.refused("fts3_tokenizer", FORBIDDEN_FUNCTION, "SELECT fts3_tokenizer('simple')");
    b.refused("pragma function", FORBIDDEN_FUNCTION, "SELECT * FROM pragma_table_info('TB_MO')");
    b.refused("pragma function upper", FORBIDDEN_FUNCTION, "SELECT * FROM PRAGMA_DATABASE_LIST()");
    b.refused("load_extension quoted", FORBIDDEN_FUNCTION, "SELECT \"load_extension\"('x')");
    b.refused("load_extension bracketed", ANY_REFUSAL, "SELECT [load_extension]('x')");
    b.refused("load_extension backticked", ANY_REFUSAL, "SELECT `load_extension`('x')");
    b.refused("sqlite_master", FORBIDDEN_RELATION, "SELECT * FROM sqlite_master");
    b.refused("sqlite_schema", FORBIDDEN_RELATION, "SELECT sql FROM sqlite_schema");
    b.refused("main sqlite_master", FORBIDDEN_RELATION, "SELECT * FROM main.sqlite_master");
    b.refused("sqlite_temp_master", FORBIDDEN_RELATION, "SELECT * FROM sqlite_temp_master");
    b.refused("attach", SESSION_CONTROL, "ATTACH DATABASE '/tmp/parlance-hostile.db' AS evil");
    b.refused("detach", SESSION_CONTROL, "DETACH DATABASE main");
    b.refused("pragma query_only off", SESSION_CONTROL, "PRAGMA query_only = 0");
    b.refused("pragma writable_schema", SESSION_CONTROL, "PRAGMA writable_schema = 1");
    b.refused("pragma lower case", SESSION_CONTROL, "pragma journal_mode = delete");
    b.refused("vacuum into", SESSION_CONTROL, "VACUUM INTO '/tmp/parlance-hostile-copy.db'");
    b.refused("reindex", SCHEMA_CHANGE, "REINDEX");
    b.refused(
        "insert or replace", DATA_CHANGE, "INSERT OR REPLACE INTO TB_RG VALUES ('SE', 'X', 'S')");
    b.refused("stacked attach", MULTIPLE_STATEMENTS, "SELECT 1; ATTACH DATABASE ':memory:' AS x");
    b.refused("temp schema", FORBIDDEN_RELATION, "SELECT * FROM temp.sqlite_master");
    b.harmless("bracket quoted names", "SELECT [MO_ID] FROM [TB_MO] WHERE [MO_ST] = 1");
    b.harmless("backtick quoted names", "SELECT `MO_ID` FROM `TB_MO` LIMIT 3");
    b.either(
        "glob and strftime",
        "SELECT count(*) FROM TB_MO WHERE MO_DS GLOB '*GAXETA*' AND strftime('%Y', MO_DT_CRE) = '2021'");
    b.harmless("schema qualified main", "SELECT count(*) FROM main.TB_MO");
    // issue 24: read-only JSON functions run; the engine's own tables are refused in its words
    b.harmless("json_object", "SELECT json_object('code', RG_CD, 'name', RG_NM) FROM TB_RG");
    b.harmless("json_array", "SELECT json_array(RG_CD, RG_NM) FROM TB_RG");
    b.harmless(
        "json_object in a sub-query",
        "SELECT json_group_array(json_object('cd', RG_CD)) FROM (SELECT RG_CD FROM TB_RG)");
    b.refused("dbstat", FORBIDDEN_RELATION, "SELECT * FROM dbstat");
    b.refused("dbstat in a sub-query", FORBIDDEN_RELATION, "SELECT (SELECT count(*) FROM dbstat)");
    b.refused("dbstat as a function", FORBIDDEN_FUNCTION, "SELECT * FROM dbstat('main')");
    b.refused("main dbstat", FORBIDDEN_RELATION, "SELECT * FROM main.dbstat");
    b.refused("pragma table bare", FORBIDDEN_RELATION, "SELECT name FROM pragma_table_list");
    b.refused(
        "pragma table in IN",
        FORBIDDEN_RELATION,
        "SELECT RG_CD FROM TB_RG WHERE RG_CD IN (SELECT name FROM pragma_table_list)");
    b.refused("sqlite_dbpage", FORBIDDEN_RELATION, "SELECT * FROM sqlite_dbpage");
  }

  private static void sizes(Builder b) {
    b.refused("too long", TOO_LONG, "SELECT 1 " + " ".repeat(100_001));
    b.refused(
        "too long with stacked statement",
        TOO_LONG,
        "SELECT '" + "x".repeat(100_001) + "'; DELETE FROM TB_MO");
    b.refused(
        "deeply nested parentheses",
        TOO_COMPLEX,
        "SELECT " + "(".repeat(500) + "1" + ")".repeat(500));
    b.refused("deeply nested subqueries", TOO_COMPLEX, nestedSubqueries(100));
    b.refused("unbalanced parentheses", ANY_REFUSAL, "SELECT " + "(".repeat(50) + "1");
    StringBuilder list = new StringBuilder("SELECT count(*) FROM TB_MO WHERE MO_ID IN (");
    for (int i = 0; i < 5000; i++) {
      list.append(i == 0 ? "" : ",").append(i);
    }
    b.harmless("long in list", list.append(')').toString());
    // Debian's SQLite 3.40 parses 15 nested sub-queries; the engine's own limit then says so.
    b.harmless("moderately nested subqueries", nestedSubqueries(12));
    b.either("twenty nested subqueries", nestedSubqueries(20));
    StringBuilder unions = new StringBuilder("SELECT RG_CD FROM TB_RG");
    for (int i = 0; i < 200; i++) {
      unions.append(" UNION ALL SELECT RG_CD FROM TB_RG");
    }
    b.harmless("two hundred unions", unions.toString());
    // issue 24: a chain's length is counted, so the answer does not depend on the JVM's warmth
    b.refused("a 2,600-term OR", TOO_COMPLEX, LeakCorpus.longOr(2600));
    b.refused("a 1,001-term AND", TOO_COMPLEX, longAnd(1001));
    b.harmless("a 1,000-term OR", LeakCorpus.longOr(1000));
  }

  private static String longAnd(int terms) {
    StringBuilder sb = new StringBuilder("SELECT count(*) FROM TB_MO WHERE ");
    for (int i = 0; i < terms; i++) {
      sb.append(i == 0 ? "" : " AND ").append("MO_ID <> ").append(i);
    }
    return sb.toString();
  }

  private static String nestedSubqueries(int depth) {
    String sql = "SELECT * FROM TB_EMP";
    for (int i = 0; i < depth; i++) {
      sql = "SELECT * FROM (" + sql + ") s" + i;
    }
    return sql;
  }
}
