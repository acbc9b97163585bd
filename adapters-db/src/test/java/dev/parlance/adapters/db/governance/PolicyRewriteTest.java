package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The policy walk fails closed: a construct it does not positively understand is refused. */
class PolicyRewriteTest {

  private static final Relations RELATIONS =
      Relations.of(
          List.of(
              new Relations.Relation("public", "tb_in", false, List.of("in_id", "in_rg_cd")),
              new Relations.Relation("public", "tb_mo", false, List.of("mo_id", "mo_eq_id"))),
          DialectRules.of(Dialect.POSTGRESQL));

  private static SqlGovernor.Decision decide(String sql) {
    return SqlGovernor.decide(
        DataSource.of("plant", "jdbc:postgresql://db/plant", Credentials.none()),
        GovernancePolicy.defaults("plant")
            .withRowFilter(new RowFilter("regional", "tb_in", "in_rg_cd = :user.region")),
        UserIdentity.of("rita", "regional").withAttribute("region", "SE"),
        sql,
        RELATIONS,
        ViewExpansion.none(),
        PolicyRewrite.Access.SQLITE_TEMP_VIEWS);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT @x FROM tb_mo",
        "SELECT mo_id FROM tb_mo WHERE mo_id IN tb_in",
        "SELECT mo_id FROM tb_mo WHERE mo_id IN public.tb_in",
        "SELECT * FROM tb_in TABLESAMPLE SYSTEM (10)",
        "SELECT mo_id FROM tb_mo CONNECT BY PRIOR mo_id = mo_eq_id",
        "SELECT mo_id FROM tb_mo WINDOW w AS (ORDER BY mo_id)"
      })
  void should_refuse_with_a_reason_when_the_walk_meets_a_construct_it_does_not_know(String sql) {
    SqlGovernor.Decision d = decide(sql);
    assertThat(d).as(sql).isInstanceOf(SqlGovernor.Denied.class);
    SqlGovernor.Denied denied = (SqlGovernor.Denied) d;
    assertThat(denied.refusal().kind()).isNotEqualTo(RefusalKind.UNPARSABLE);
    assertThat(denied.refusal().reason())
        .as(sql)
        .hasSizeGreaterThan(20)
        .doesNotContain("Exception");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT (SELECT max(in_id) FROM tb_in) -> 'a'",
        "SELECT 'a' LIKE 'b' ESCAPE (SELECT max(in_rg_cd) FROM tb_in)",
        "SELECT 'a' SIMILAR TO 'b' ESCAPE (SELECT max(in_rg_cd) FROM tb_in)",
        "SELECT EXTRACT(YEAR FROM (SELECT max(in_rg_cd) FROM tb_in)::date)",
        "SELECT TRIM(BOTH (SELECT max(in_rg_cd) FROM tb_in) FROM 'x')",
        "SELECT (SELECT max(in_id) FROM tb_in) COLLATE \"C\"",
        "SELECT (SELECT ARRAY[in_id] FROM tb_in LIMIT 1)[1]"
      })
  void should_govern_the_sub_query_when_it_stands_in_any_operand(String sql) {
    SqlGovernor.Decision d = decide(sql);
    if (d instanceof SqlGovernor.Allowed a) {
      assertThat(a.sql())
          .as(sql)
          .contains("temp.\"tb_in__p")
          .doesNotContain("\"public\".\"tb_in\"");
    } else {
      assertThat(((SqlGovernor.Denied) d).refusal().reason()).as(sql).isNotBlank();
    }
  }
}
