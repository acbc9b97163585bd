package dev.parlance.adapters.db.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlColumnReferencesTest {

  private static Table table(String name, String... columns) {
    return new Table(
        name,
        TableKind.TABLE,
        "",
        Arrays.stream(columns).map(c -> Column.of(c, "TEXT")).toList(),
        List.of(),
        List.of());
  }

  private static final SchemaCatalog CONCERTS =
      new SchemaCatalog(
          "concert_singer",
          List.of(
              table("singer", "Singer_ID", "Name", "Country", "Age"),
              table("concert", "concert_ID", "concert_Name", "Stadium_ID", "Year"),
              table("singer_in_concert", "concert_ID", "Singer_ID"),
              table("stadium", "Stadium_ID", "Name", "Capacity")));

  @Test
  void should_resolve_aliases_to_their_tables() {
    assertThat(
            SqlColumnReferences.of(
                "SELECT T2.concert_Name FROM singer_in_concert AS T1 JOIN concert AS T2 ON"
                    + " T1.concert_ID = T2.concert_ID WHERE T1.Singer_ID = 3",
                CONCERTS))
        .containsExactlyInAnyOrder(
            "concert.concert_name",
            "singer_in_concert.concert_id",
            "concert.concert_id",
            "singer_in_concert.singer_id");
  }

  @Test
  void should_resolve_unqualified_names_against_the_tables_in_scope() {
    assertThat(
            SqlColumnReferences.of(
                "SELECT name, capacity FROM stadium ORDER BY capacity DESC LIMIT 1", CONCERTS))
        .containsExactlyInAnyOrder("stadium.name", "stadium.capacity");
  }

  @Test
  void should_give_a_subquery_its_own_scope_even_when_it_reuses_an_alias() {
    assertThat(
            SqlColumnReferences.of(
                "SELECT T1.Name FROM singer AS T1 WHERE T1.Singer_ID NOT IN"
                    + " (SELECT T1.Singer_ID FROM singer_in_concert AS T1)",
                CONCERTS))
        .containsExactlyInAnyOrder(
            "singer.name", "singer.singer_id", "singer_in_concert.singer_id");
  }

  @Test
  void should_let_a_subquery_see_the_outer_query() {
    assertThat(
            SqlColumnReferences.of(
                "SELECT Name FROM singer s WHERE EXISTS (SELECT 1 FROM singer_in_concert c"
                    + " WHERE c.Singer_ID = s.Singer_ID)",
                CONCERTS))
        .containsExactlyInAnyOrder(
            "singer.name", "singer_in_concert.singer_id", "singer.singer_id");
  }

  @Test
  void should_read_every_branch_of_a_set_operation_and_a_common_table_expression() {
    assertThat(
            SqlColumnReferences.of(
                "WITH old AS (SELECT Name FROM singer WHERE Age > 40) SELECT Name FROM old UNION"
                    + " SELECT Name FROM stadium",
                CONCERTS))
        .containsExactlyInAnyOrder("singer.name", "singer.age", "stadium.name");
  }

  @Test
  void should_leave_out_select_aliases_and_double_quoted_literals() {
    assertThat(
            SqlColumnReferences.of(
                "SELECT count(*) AS n FROM singer WHERE Country = \"France\" ORDER BY n", CONCERTS))
        .containsExactly("singer.country");
  }

  @Test
  void should_refuse_what_does_not_parse_or_is_not_a_query() {
    assertThatThrownBy(() -> SqlColumnReferences.of("SELEC name FROM", CONCERTS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot parse SQL");
    assertThatThrownBy(() -> SqlColumnReferences.of("DELETE FROM singer", CONCERTS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a query");
  }
}
