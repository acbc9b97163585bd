package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.ForeignKey;
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
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The whole pipeline's text, without a database: what the governor sends, per engine. */
class SqlGovernorTest {

  private static final DataSource PG =
      DataSource.of("plant", "jdbc:postgresql://db/plant", Credentials.none());
  private static final DataSource LITE =
      DataSource.of("plant", "jdbc:sqlite:/plant.sqlite", Credentials.none());

  private static final List<Relations.Relation> TABLES =
      List.of(
          new Relations.Relation("public", "tb_in", false, List.of("in_id", "in_rg_cd")),
          new Relations.Relation("public", "tb_emp", false, List.of("emp_id", "emp_nm", "emp_ph")),
          new Relations.Relation("public", "tb_mo", false, List.of("mo_id", "mo_st", "mo_in_id")),
          new Relations.Relation("public", "v_in", true, List.of("in_id")));

  private static final Relations PG_RELATIONS =
      Relations.of(TABLES, DialectRules.of(Dialect.POSTGRESQL));

  private static final Relations LITE_RELATIONS =
      Relations.of(
          TABLES.stream()
              .map(r -> new Relations.Relation(null, r.name(), r.view(), r.columns()))
              .toList(),
          DialectRules.of(Dialect.SQLITE),
          Map.of("tb_mo", List.of(ForeignKey.of("mo_in_id", "tb_in", "in_id"))));

  private static final GovernancePolicy POLICY =
      GovernancePolicy.defaults("plant")
          .withRowCap(50)
          .withRowFilter(
              new RowFilter("regional", "tb_in", "in_rg_cd = :user.region").followingForeignKeys())
          .withColumnRule(ColumnRule.mask("contractor", "tb_emp", "emp_nm"))
          .withColumnRule(ColumnRule.hide("contractor", "tb_emp", "emp_ph"));

  private static final UserIdentity RITA =
      UserIdentity.of("rita", "regional").withAttribute("region", "SE");
  private static final UserIdentity CARL = UserIdentity.of("carl", "contractor");

  private static SqlGovernor.Decision pg(UserIdentity user, String sql) {
    return SqlGovernor.decide(PG, POLICY, user, sql, PG_RELATIONS, ViewExpansion.none());
  }

  private static SqlGovernor.Decision lite(UserIdentity user, String sql, ViewExpansion views) {
    return SqlGovernor.decide(LITE, POLICY, user, sql, LITE_RELATIONS, views);
  }

  private static SqlGovernor.Allowed allowed(SqlGovernor.Decision d) {
    assertThat(d).as("%s", d).isInstanceOf(SqlGovernor.Allowed.class);
    return (SqlGovernor.Allowed) d;
  }

  @Test
  void should_qualify_tables_and_add_the_row_cap_when_nothing_restricts_the_user() {
    assertThat(allowed(pg(UserIdentity.of("ana"), "SELECT mo_id FROM tb_mo WHERE mo_st = 1")).sql())
        .isEqualTo("SELECT mo_id FROM \"public\".\"tb_mo\" tb_mo WHERE mo_st = 1 LIMIT 51");
  }

  @Test
  void should_lower_or_wrap_when_a_limit_exceeds_the_row_cap() {
    UserIdentity ana = UserIdentity.of("ana");
    assertThat(allowed(pg(ana, "SELECT * FROM tb_mo ORDER BY mo_id LIMIT 500")).sql())
        .endsWith("ORDER BY mo_id LIMIT 51");
    assertThat(allowed(pg(ana, "SELECT * FROM tb_mo LIMIT 5")).sql()).endsWith("LIMIT 5");
    assertThat(allowed(pg(ana, "SELECT * FROM tb_mo FETCH FIRST 500 ROWS ONLY")).sql())
        .startsWith("SELECT * FROM (SELECT * FROM")
        .endsWith(") parlance_capped LIMIT 51");
  }

  @Test
  void should_leave_rows_to_row_level_security_when_postgres_enforces_the_filter() {
    assertThat(allowed(pg(RITA, "SELECT i.in_id FROM tb_in i")).sql())
        .isEqualTo("SELECT i.in_id FROM \"public\".\"tb_in\" i LIMIT 51");
  }

  @Test
  void should_read_a_masking_view_for_the_users_roles_when_postgres_masks_columns() {
    SqlGovernor.Allowed a = allowed(pg(CARL, "SELECT * FROM tb_emp"));
    String view = PostgresGovernance.viewName("public", "tb_emp", List.of("contractor"));
    assertThat(a.sql())
        .isEqualTo("SELECT * FROM \"parlance_gov\".\"" + view + "\" tb_emp LIMIT 51");
    String analystView = PostgresGovernance.viewName("public", "tb_emp", List.of());
    assertThat(allowed(pg(UserIdentity.of("ana"), "SELECT emp_ph FROM tb_emp")).sql())
        .contains("\"parlance_gov\".\"" + analystView + "\"");
    SqlGovernor.Decision hidden = pg(CARL, "SELECT emp_ph FROM tb_emp");
    assertThat(((SqlGovernor.Denied) hidden).refusal().kind()).isEqualTo(RefusalKind.HIDDEN_COLUMN);
  }

  @Test
  void should_read_restricted_tables_through_secret_temp_views_when_the_source_is_sqlite() {
    SqlGovernor.Allowed a =
        allowed(lite(RITA, "SELECT i.in_id FROM tb_in i", ViewExpansion.none()));
    assertThat(a.views()).hasSize(1);
    PolicyRewrite.TempView v = a.views().get(0);
    assertThat(v.name()).matches("tb_in__p[0-9a-f]{16}");
    assertThat(a.sql()).isEqualTo("SELECT i.in_id FROM temp.\"" + v.name() + "\" i LIMIT 51");
    assertThat(v.sql())
        .isEqualTo(
            "SELECT \"in_id\", \"in_rg_cd\" FROM main.\"tb_in\" WHERE (in_rg_cd = 'SE')"
                + " LIMIT -1 OFFSET 0");
    assertThat(a.restricted()).containsExactlyInAnyOrder("tb_in", "tb_mo");
    // a fresh name for every statement: one seen in a result cannot be reused
    String again =
        allowed(lite(RITA, "SELECT in_id FROM tb_in", ViewExpansion.none())).views().get(0).name();
    assertThat(again).isNotEqualTo(v.name());
  }

  @Test
  void should_filter_a_referencing_table_through_its_foreign_key_when_the_filter_follows_them() {
    SqlGovernor.Allowed a = allowed(lite(RITA, "SELECT count(*) FROM tb_mo", ViewExpansion.none()));
    assertThat(a.views()).hasSize(1);
    assertThat(a.views().get(0).sql())
        .isEqualTo(
            "SELECT \"mo_id\", \"mo_st\", \"mo_in_id\" FROM main.\"tb_mo\" WHERE ((\"mo_in_id\" IS"
                + " NULL OR \"mo_in_id\" IN (SELECT \"in_id\" FROM main.\"tb_in\" WHERE (in_rg_cd ="
                + " 'SE')))) LIMIT -1 OFFSET 0");
  }

  @Test
  void should_keep_it_inside_the_literal_when_an_attribute_tries_to_inject_sql() {
    UserIdentity eve = UserIdentity.of("eve", "regional").withAttribute("region", "x') OR ('1'='1");
    SqlGovernor.Allowed a = allowed(lite(eve, "SELECT count(*) FROM tb_in", ViewExpansion.none()));
    assertThat(a.views().get(0).sql()).contains("WHERE (in_rg_cd = 'x'') OR (''1''=''1')");
  }

  @Test
  void should_mask_and_leave_out_columns_when_a_contractor_reads_sqlite() {
    SqlGovernor.Allowed a = allowed(lite(CARL, "SELECT * FROM tb_emp", ViewExpansion.none()));
    assertThat(a.views().get(0).sql())
        .isEqualTo(
            "SELECT \"emp_id\", ('***') AS \"emp_nm\" FROM main.\"tb_emp\" LIMIT -1 OFFSET 0");
  }

  @Test
  void should_expand_into_a_governed_with_clause_when_a_parlance_view_is_named() {
    ViewExpansion views =
        (source, name) ->
            name.equalsIgnoreCase("installation")
                ? Optional.of(
                    new ViewExpansion.ViewDefinition(
                        "installation", "SELECT in_id AS id, in_rg_cd AS region FROM tb_in"))
                : Optional.empty();
    SqlGovernor.Allowed a = allowed(lite(RITA, "SELECT id FROM installation", views));
    assertThat(a.sql())
        .isEqualTo(
            "WITH installation AS (SELECT in_id AS id, in_rg_cd AS region FROM temp.\""
                + a.views().get(0).name()
                + "\" tb_in) SELECT id FROM installation LIMIT 51");
  }

  @Test
  void should_name_the_view_when_refusing_one_the_policy_does_not_name() {
    SqlGovernor.Decision d = pg(UserIdentity.of("ana"), "SELECT * FROM v_in");
    assertThat(((SqlGovernor.Denied) d).refusal().reason()).contains("view v_in");
  }

  @Test
  void should_refuse_when_the_second_traversal_meets_an_ungoverned_table() throws Exception {
    net.sf.jsqlparser.statement.select.Select parsed =
        (net.sf.jsqlparser.statement.select.Select)
            net.sf.jsqlparser.parser.CCJSqlParserUtil.parse(
                "SELECT * FROM tb_mo WHERE mo_id = ANY (SELECT in_id FROM tb_in)");
    assertThat(SqlGovernor.ungoverned(parsed, java.util.Set.of()))
        .hasValueSatisfying(r -> assertThat(r.reason()).containsPattern("tb_(mo|in)"));
    assertThat(
            allowed(
                    lite(
                        RITA,
                        "SELECT * FROM tb_mo WHERE mo_id = ANY (SELECT in_id FROM tb_in)",
                        ViewExpansion.none()))
                .sql())
        .doesNotContain("main.\"tb_in\"")
        .contains("FROM temp.\"tb_in__p");
  }
}
