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

  // "tb_in" as a table reference (after FROM/JOIN or a comma), not inside the filter's own text.
  private static final Pattern REFERENCE =
      Pattern.compile("\"tb_in\"( WHERE \\(in_rg_cd = 'SE'\\))?");

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
        "SELECT * FROM tb_mo WHERE (mo_id, mo_eq_id) IN (SELECT in_id, in_id FROM tb_in)"
      })
  void should_read_the_table_through_its_filter_or_refuse_when_it_stands_anywhere_in_the_query(
      String sql) {
    SqlGovernor.Decision d =
        SqlGovernor.decide(PG, POLICY, RITA, sql, RELATIONS, ViewExpansion.none());
    if (d instanceof SqlGovernor.Allowed allowed) {
      Matcher m = REFERENCE.matcher(allowed.sql());
      int references = 0;
      while (m.find()) {
        references++;
        assertThat(m.group(1)).as("unfiltered reference in %s", allowed.sql()).isNotNull();
      }
      assertThat(references).as(allowed.sql()).isPositive();
    } else {
      assertThat(((SqlGovernor.Denied) d).refusal().reason()).isNotBlank();
    }
  }
}
