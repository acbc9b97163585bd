package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rewrite's shape, without a database: what text the governor sends. */
class SqlGovernorTest {

  private static final DataSource PG =
      DataSource.of("plant", "jdbc:postgresql://db/plant", Credentials.none());

  private static final Relations RELATIONS =
      Relations.of(
          List.of(
              new Relations.Relation("public", "tb_in", false, List.of("in_id", "in_rg_cd")),
              new Relations.Relation(
                  "public", "tb_emp", false, List.of("emp_id", "emp_nm", "emp_ph")),
              new Relations.Relation("public", "tb_mo", false, List.of("mo_id", "mo_st")),
              new Relations.Relation("public", "v_in", true, List.of("in_id"))),
          DialectRules.of(Dialect.POSTGRESQL));

  private static final GovernancePolicy POLICY =
      GovernancePolicy.defaults("plant")
          .withRowCap(50)
          .withRowFilter(new RowFilter("regional", "tb_in", "in_rg_cd = :user.region"))
          .withColumnRule(ColumnRule.mask("contractor", "tb_emp", "emp_nm"))
          .withColumnRule(ColumnRule.hide("contractor", "tb_emp", "emp_ph"));

  private static SqlGovernor.Decision decide(UserIdentity user, String sql) {
    return decide(user, sql, ViewExpansion.none());
  }

  private static SqlGovernor.Decision decide(UserIdentity user, String sql, ViewExpansion views) {
    return SqlGovernor.decide(PG, POLICY, user, sql, RELATIONS, views);
  }

  private static String allowed(UserIdentity user, String sql) {
    SqlGovernor.Decision d = decide(user, sql);
    assertThat(d).as("%s", d).isInstanceOf(SqlGovernor.Allowed.class);
    return ((SqlGovernor.Allowed) d).sql();
  }

  @Test
  void should_qualify_tables_and_add_the_row_cap_when_nothing_restricts_the_user() {
    assertThat(allowed(UserIdentity.of("ana"), "SELECT mo_id FROM tb_mo WHERE mo_st = 1"))
        .isEqualTo("SELECT mo_id FROM \"public\".\"tb_mo\" tb_mo WHERE mo_st = 1 LIMIT 51");
  }

  @Test
  void should_lower_or_wrap_when_a_limit_exceeds_the_row_cap() {
    assertThat(allowed(UserIdentity.of("ana"), "SELECT * FROM tb_mo ORDER BY mo_id LIMIT 500"))
        .endsWith("ORDER BY mo_id LIMIT 51");
    assertThat(allowed(UserIdentity.of("ana"), "SELECT * FROM tb_mo LIMIT 5")).endsWith("LIMIT 5");
    assertThat(allowed(UserIdentity.of("ana"), "SELECT * FROM tb_mo FETCH FIRST 500 ROWS ONLY"))
        .startsWith("SELECT * FROM (SELECT * FROM")
        .endsWith(") parlance_capped LIMIT 51");
  }

  @Test
  void should_keep_the_alias_when_a_filtered_table_becomes_a_derived_table() {
    UserIdentity rita = UserIdentity.of("rita", "regional").withAttribute("region", "SE");
    assertThat(allowed(rita, "SELECT i.in_id FROM tb_in i"))
        .isEqualTo(
            "SELECT i.in_id FROM (SELECT * FROM \"public\".\"tb_in\" WHERE (in_rg_cd = 'SE')) i"
                + " LIMIT 51");
  }

  @Test
  void should_keep_it_inside_the_literal_when_an_attribute_tries_to_inject_sql() {
    UserIdentity eve = UserIdentity.of("eve", "regional").withAttribute("region", "x') OR ('1'='1");
    assertThat(allowed(eve, "SELECT count(*) FROM tb_in"))
        .contains("WHERE (in_rg_cd = 'x'') OR (''1''=''1')");
  }

  @Test
  void should_mask_and_leave_out_columns_when_the_user_is_a_contractor() {
    UserIdentity carl = UserIdentity.of("carl", "contractor");
    assertThat(allowed(carl, "SELECT * FROM tb_emp"))
        .isEqualTo(
            "SELECT * FROM (SELECT \"emp_id\", '***' AS \"emp_nm\" FROM \"public\".\"tb_emp\")"
                + " tb_emp LIMIT 51");
    SqlGovernor.Decision hidden = decide(carl, "SELECT emp_ph FROM tb_emp");
    assertThat(hidden).isInstanceOf(SqlGovernor.Denied.class);
    assertThat(((SqlGovernor.Denied) hidden).refusal().kind()).isEqualTo(RefusalKind.HIDDEN_COLUMN);
  }

  @Test
  void should_expand_into_a_governed_with_clause_when_a_parlance_view_is_named() {
    UserIdentity rita = UserIdentity.of("rita", "regional").withAttribute("region", "SE");
    ViewExpansion views =
        (source, name) ->
            name.equalsIgnoreCase("installation")
                ? Optional.of(
                    new ViewExpansion.ViewDefinition(
                        "installation", "SELECT in_id AS id, in_rg_cd AS region FROM tb_in"))
                : Optional.empty();
    SqlGovernor.Decision d = decide(rita, "SELECT id FROM installation", views);
    assertThat(d).isInstanceOf(SqlGovernor.Allowed.class);
    assertThat(((SqlGovernor.Allowed) d).sql())
        .isEqualTo(
            "WITH installation AS (SELECT in_id AS id, in_rg_cd AS region FROM (SELECT * FROM"
                + " \"public\".\"tb_in\" WHERE (in_rg_cd = 'SE')) tb_in) SELECT id FROM"
                + " installation LIMIT 51");
  }

  @Test
  void should_name_the_view_when_refusing_one_the_policy_does_not_name() {
    SqlGovernor.Decision d = decide(UserIdentity.of("ana"), "SELECT * FROM v_in");
    assertThat(d).isInstanceOf(SqlGovernor.Denied.class);
    assertThat(((SqlGovernor.Denied) d).refusal().reason()).contains("view v_in");
  }

  @Test
  void should_refuse_when_the_second_traversal_meets_an_ungoverned_table() throws Exception {
    net.sf.jsqlparser.statement.select.Select parsed =
        (net.sf.jsqlparser.statement.select.Select)
            net.sf.jsqlparser.parser.CCJSqlParserUtil.parse(
                "SELECT * FROM tb_mo WHERE mo_id = ANY (SELECT in_id FROM tb_in)");
    assertThat(SqlGovernor.ungoverned(parsed, java.util.Set.of()))
        .hasValueSatisfying(r -> assertThat(r.reason()).contains("tb_mo"));
    assertThat(
            allowed(
                UserIdentity.of("rita", "regional").withAttribute("region", "SE"),
                "SELECT * FROM tb_mo WHERE mo_id = ANY (SELECT in_id FROM tb_in)"))
        .contains("ANY(SELECT in_id FROM (SELECT * FROM \"public\".\"tb_in\" WHERE");
  }
}
