package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Wherever a filtered table stands in a query, the statement that runs either reads it through the
 * filter or is refused: no bare reference survives.
 */
class SqlGovernorShapesTest {
  // The governed relation is SQLite's (a per-statement TEMP view), the grammar PostgreSQL's: the
  // walk is the same for every engine.

  private static final DataSource PG =
      DataSource.of("plant", "jdbc:postgresql://db/plant", Credentials.none());
  private static final Relations RELATIONS =
      Relations.of(
          List.of(
              new Relations.Relation("public", "tb_in", false, List.of("in_id", "in_rg_cd")),
              new Relations.Relation("public", "tb_mo", false, List.of("mo_id", "mo_eq_id"))),
          DialectRules.of(Dialect.POSTGRESQL));
  private static final GovernancePolicy POLICY =
      GovernancePolicy.defaults("plant")
          .withRowFilter(new RowFilter("regional", "tb_in", "in_rg_cd = :user.region"));
  private static final UserIdentity RITA =
      UserIdentity.of("rita", "regional").withAttribute("region", "SE");

  // "tb_in" as read by the statement: through a governed view, or bare.
  private static final Pattern GOVERNED = Pattern.compile("temp\\.\"tb_in__p[0-9a-f]{16}\"");
  private static final Pattern BARE = Pattern.compile("\"public\"\\.\"tb_in\"");

  @ParameterizedTest
  @ValueSource(
      strings = {
        "SELECT ARRAY(SELECT in_rg_cd FROM tb_in)",
        "SELECT (SELECT in_rg_cd FROM tb_in LIMIT 1)::text",
        "SELECT row_number() OVER (ORDER BY (SELECT count(*) FROM tb_in)) FROM tb_mo",
        "SELECT * FROM tb_mo WHERE mo_id = ANY (SELECT in_id FROM tb_in)",
        "SELECT * FROM tb_mo WHERE mo_id > ALL (SELECT in_id FROM tb_in)",
        "SELECT EXISTS (SELECT 1 FROM tb_in)",
        "SELECT x FROM (VALUES ((SELECT max(in_id) FROM tb_in))) v(x)",
        "SELECT count(*) FILTER (WHERE mo_id IN (SELECT in_id FROM tb_in)) FROM tb_mo",
        "SELECT coalesce((SELECT max(in_id) FROM tb_in), 0)",
        "SELECT CASE WHEN (SELECT count(*) FROM tb_in) > 0 THEN 1 END",
        "SELECT * FROM tb_mo m JOIN LATERAL (SELECT * FROM tb_in WHERE in_id = m.mo_eq_id) l ON true",
        "SELECT * FROM tb_mo LIMIT (SELECT count(*) FROM tb_in)",
        "SELECT * FROM (tb_mo JOIN tb_in ON in_id = mo_eq_id)",
        "SELECT mo_id FROM tb_mo GROUP BY mo_id HAVING count(*) < (SELECT count(*) FROM tb_in)",
        "SELECT mo_id FROM tb_mo ORDER BY (SELECT max(in_id) FROM tb_in)",
        "SELECT DISTINCT ON ((SELECT max(in_id) FROM tb_in)) mo_id FROM tb_mo",
        "SELECT * FROM generate_series(1, (SELECT count(*)::int FROM tb_in)) g",
        "SELECT in_id FROM tb_in INTERSECT SELECT mo_id FROM tb_mo",
        "WITH a AS (SELECT * FROM tb_mo WHERE mo_id IN (SELECT in_id FROM tb_in)) SELECT * FROM a",
        "SELECT (WITH x AS (SELECT * FROM tb_in) SELECT count(*) FROM x)",
        "SELECT json_agg(t) FROM (SELECT * FROM tb_in) t",
        "SELECT * FROM tb_mo WHERE (mo_id, mo_eq_id) IN (SELECT in_id, in_id FROM tb_in)",
        // the three bypasses: each operand is walked like any other
        "SELECT (SELECT in_rg_cd FROM tb_in LIMIT 1) -> 'a'",
        "SELECT (SELECT in_rg_cd FROM tb_in LIMIT 1) ->> 'a'",
        "SELECT 'a' LIKE 'b' ESCAPE (SELECT max(in_rg_cd) FROM tb_in)",
        "SELECT 1 WHERE 'SE' IN tb_in",
        "SELECT mo_id FROM tb_mo WHERE mo_eq_id IN tb_in",
        "SELECT * FROM tb_mo WHERE mo_id BETWEEN (SELECT min(in_id) FROM tb_in) AND 9",
        "SELECT CAST((SELECT max(in_id) FROM tb_in) AS text)",
        "SELECT substring('abc' FROM (SELECT count(*)::int FROM tb_in))"
      })
  void should_read_the_table_through_its_filter_or_refuse_when_it_stands_anywhere_in_the_query(
      String sql) {
    SqlGovernor.Decision d =
        SqlGovernor.decide(
            PG,
            POLICY,
            RITA,
            sql,
            RELATIONS,
            ViewExpansion.none(),
            PolicyRewrite.Access.SQLITE_TEMP_VIEWS);
    if (d instanceof SqlGovernor.Allowed allowed) {
      assertThat(BARE.matcher(allowed.sql()).find())
          .as("unfiltered reference in %s", allowed.sql())
          .isFalse();
      Matcher m = GOVERNED.matcher(allowed.sql());
      assertThat(m.find()).as(allowed.sql()).isTrue();
      assertThat(allowed.views()).hasSize(1);
    } else {
      assertThat(((SqlGovernor.Denied) d).refusal().reason()).isNotBlank();
    }
  }
}
