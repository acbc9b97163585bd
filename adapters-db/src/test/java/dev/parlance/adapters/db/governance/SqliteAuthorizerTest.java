package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqliteAuthorizer.ALLOW;
import static dev.parlance.adapters.db.governance.SqliteAuthorizer.DENY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.RefusalKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the engine allows while it compiles a user's statement, decision by decision. */
class SqliteAuthorizerTest {

  private static SqliteAuthorizer.Request request() {
    return new SqliteAuthorizer.Request(
        Set.of("TB_IN__p0123456789abcdef"),
        Set.of("tb_rg", "tb_mo"),
        Set.of("tb_rg", "tb_mo", "tb_in"),
        "SELECT * FROM TB_IN x WHERE 1 IN TB_IN");
  }

  @Test
  void should_read_a_restricted_table_only_inside_this_statements_governed_view() {
    SqliteAuthorizer.Request r = request();
    assertThat(
            SqliteAuthorizer.decide(
                r, SqliteAuthorizer.READ, "TB_IN", "IN_RG_CD", "main", "TB_IN__p0123456789abcdef"))
        .isEqualTo(ALLOW);
    assertThat(
            SqliteAuthorizer.decide(
                r, SqliteAuthorizer.READ, "TB_IN__p0123456789abcdef", "IN_ID", "temp", null))
        .isEqualTo(ALLOW);
    assertThat(SqliteAuthorizer.decide(r, SqliteAuthorizer.READ, "TB_MO", "MO_ID", "main", null))
        .isEqualTo(ALLOW);
    assertThat(r.denial()).isNull();
    // the same table outside the view, whatever the view-like name a CTE takes
    assertThat(SqliteAuthorizer.decide(r, SqliteAuthorizer.READ, "TB_IN", "IN_RG_CD", "main", null))
        .isEqualTo(DENY);
    assertThat(r.denial().kind()).isEqualTo(RefusalKind.FORBIDDEN_RELATION);
    assertThat(r.denial().reason()).contains("TB_IN").contains("the database engine refused");
    SqliteAuthorizer.Request other = request();
    assertThat(
            SqliteAuthorizer.decide(
                other, SqliteAuthorizer.READ, "TB_IN", "IN_ID", "main", "TB_IN__pffffffffffffffff"))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(
                request(),
                SqliteAuthorizer.READ,
                "TB_IN__pffffffffffffffff",
                "IN_ID",
                "temp",
                null))
        .isEqualTo(DENY);
  }

  @Test
  void should_deny_system_tables_writes_pragmas_and_unlisted_functions() {
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.READ, "sqlite_master", "sql", "main", null))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.INSERT, "TB_MO", null, "main", null))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.PRAGMA, "table_info", "TB_MO", null, null))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(request(), SqliteAuthorizer.ATTACH, "x.db", null, null, null))
        .isEqualTo(DENY);
    SqliteAuthorizer.Request r = request();
    assertThat(
            SqliteAuthorizer.decide(
                r, SqliteAuthorizer.FUNCTION, null, "load_extension", null, null))
        .isEqualTo(DENY);
    assertThat(r.denial().kind()).isEqualTo(RefusalKind.FORBIDDEN_FUNCTION);
    assertThat(r.denial().reason()).contains("a function"); // the statement never named it
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.FUNCTION, null, "randomblob", null, null))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(request(), SqliteAuthorizer.FUNCTION, null, "->>", null, null))
        .isEqualTo(ALLOW);
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.READ, "json_each", "value", "main", null))
        .isEqualTo(ALLOW);
  }

  @Test
  void should_count_a_ctes_rows_but_never_a_restricted_tables_when_no_column_is_read() {
    assertThat(SqliteAuthorizer.decide(request(), SqliteAuthorizer.READ, "r", "", null, null))
        .isEqualTo(ALLOW);
    assertThat(SqliteAuthorizer.decide(request(), SqliteAuthorizer.READ, "TB_IN", "", null, null))
        .isEqualTo(DENY);
    assertThat(
            SqliteAuthorizer.decide(
                request(), SqliteAuthorizer.READ, "pragma_table_info", "name", "main", null))
        .isEqualTo(DENY);
  }

  @Test
  void should_allow_everything_when_parlance_runs_its_own_statement() {
    assertThat(
            SqliteAuthorizer.decide(
                null, SqliteAuthorizer.CREATE_TEMP_VIEW, "v", null, "temp", null))
        .isEqualTo(ALLOW);
  }
}
