package dev.parlance.domain.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DatabaseQualifiersTest {

  private static final Set<String> SINGER_TABLES = Set.of("singer", "song");

  @Test
  void should_remove_the_questions_own_database_from_tables_and_three_part_columns() {
    String sql =
        "SELECT concert_singer.singer.name, T2.year FROM concert_singer.singer AS T1"
            + " JOIN Concert_Singer . concert AS T2 ON T1.id = T2.singer_id";

    assertThat(DatabaseQualifiers.without(sql, "concert_singer", Set.of("singer", "concert")))
        .isEqualTo(
            "SELECT singer.name, T2.year FROM singer AS T1"
                + " JOIN concert AS T2 ON T1.id = T2.singer_id");
  }

  @Test
  void should_keep_another_databases_qualifier_so_that_reading_it_fails() {
    String sql = "SELECT count(*) FROM pets_1.pets JOIN concert_singer.singer";

    assertThat(DatabaseQualifiers.without(sql, "concert_singer", Set.of("singer")))
        .isEqualTo("SELECT count(*) FROM pets_1.pets JOIN singer");
  }

  @Test
  void should_keep_a_table_column_pair_whose_table_bears_the_databases_name() {
    // Spider's database singer has a table singer: singer.name is a column there.
    String sql = "SELECT singer.name FROM singer.singer WHERE singer.singer.age > 30";

    assertThat(DatabaseQualifiers.without(sql, "singer", SINGER_TABLES))
        .isEqualTo("SELECT singer.name FROM singer WHERE singer.age > 30");
  }

  @Test
  void should_leave_strings_comments_and_numbers_alone_and_read_quoted_names() {
    String sql =
        "SELECT 'concert_singer.singer', 1.5 -- concert_singer.singer\n"
            + "FROM \"concert_singer\".\"singer\" JOIN [concert_singer].`song` /* a.b.c */";

    assertThat(DatabaseQualifiers.without(sql, "concert_singer", Set.of("singer", "song")))
        .isEqualTo(
            "SELECT 'concert_singer.singer', 1.5 -- concert_singer.singer\n"
                + "FROM \"singer\" JOIN `song` /* a.b.c */");
  }

  @Test
  void should_name_the_databases_a_statement_reads() {
    Map<String, Set<String>> union =
        Map.of(
            "concert_singer", Set.of("singer"), "pets_1", Set.of("pets"), "singer", SINGER_TABLES);

    assertThat(DatabaseQualifiers.named("SELECT a FROM concert_singer.singer LIMIT 3", union))
        .containsExactly("concert_singer");
    assertThat(
            DatabaseQualifiers.named(
                "SELECT pets_1.pets.a, singer.name FROM pets_1.pets, singer", union))
        .containsExactly("pets_1");
    assertThat(DatabaseQualifiers.named("SELECT t.* FROM singer.song AS t", union))
        .containsExactly("singer");
  }
}
