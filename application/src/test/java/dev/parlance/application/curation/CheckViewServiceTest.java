package dev.parlance.application.curation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Trying an edited view: the parser's line, the row count and the first rows, nothing saved. */
class CheckViewServiceTest {

  // A parser that stops at FORM, naming the line it is on, as JSqlParser's adapter does.
  private static final AnalyzeSqlPort ANALYZER =
      (sql, catalog) -> {
        List<String> lines = sql.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
          if (lines.get(i).contains("FORM")) {
            return SqlShape.unreadable(
                "cannot parse SQL: Encountered: \"FORM\", at line " + (i + 1) + ", column 1.");
          }
        }
        return new SqlShape(true, Set.of(), Set.of(), false, Optional.empty());
      };

  private final CurationFakes.Store store = new CurationFakes.Store();
  private final EditCurationService edits =
      new EditCurationService(CurationFakes.sources(), store, StewardCurationServiceTest.FILES);
  private final CurationFakes.Executor executor =
      new CurationFakes.Executor(
          sql ->
              sql.contains("COUNT(*)")
                  ? CurationFakes.ran(sql, List.of("row_count"), List.of(List.of(42L)))
                  : CurationFakes.ran(
                      sql,
                      List.of("order_id", "status"),
                      List.of(List.of(1, "open"), Arrays.asList(2, null))));
  private final CheckViewService checker =
      new CheckViewService(
          edits, CurationFakes.sources(), CurationFakes.noPolicy(), executor, ANALYZER, 5);

  @Test
  void should_count_and_sample_the_edited_view_expanded_over_the_working_copy() {
    ViewTrial trial =
        checker.check(
            StewardCurationServiceTest.SAM,
            "plant",
            new CurateItemsUseCase.ViewDefinition(
                "maintenance_order", ViewKind.CONCEPTUAL, "SELECT MO_ID AS order_id FROM TB_MO"));

    assertThat(trial.passed()).isTrue();
    assertThat(trial.rowCount()).isEqualTo(42);
    assertThat(trial.columns()).containsExactly("order_id", "status");
    assertThat(trial.sample()).hasSize(2);
    assertThat(executor.asked)
        .hasSize(2)
        .allSatisfy(sql -> assertThat(sql).contains("SELECT MO_ID AS order_id FROM TB_MO"));
    assertThat(executor.asked.get(1)).endsWith("LIMIT 5");
    assertThat(store.drafts).as("checking saves nothing").isEmpty();
  }

  @Test
  void should_name_the_line_of_the_views_sql_where_it_stops_parsing_and_run_nothing() {
    ViewTrial trial =
        checker.check(
            StewardCurationServiceTest.SAM,
            "plant",
            new CurateItemsUseCase.ViewDefinition(
                "maintenance_order", ViewKind.CONCEPTUAL, "SELECT MO_ID\n  , MO_ST\nFORM TB_MO"));

    assertThat(trial.passed()).isFalse();
    assertThat(trial.line()).contains(3);
    assertThat(trial.problems()).singleElement().asString().contains("line 3");
    assertThat(executor.asked).isEmpty();
  }

  @Test
  void should_say_what_the_database_said_and_which_described_columns_are_missing() {
    store.saveDraft(
        Curation.empty("plant")
            .withView(
                CuratedView.of("maintenance_order", ViewKind.CONCEPTUAL, "", "SELECT 1 AS x")
                    .withColumn(DataDescription.of("priority", "how urgent"))),
        0,
        "sam");

    ViewTrial missing =
        checker.check(
            StewardCurationServiceTest.SAM,
            "plant",
            new CurateItemsUseCase.ViewDefinition(
                "maintenance_order", ViewKind.PARTIALLY_EXTENDED, "SELECT MO_ID FROM TB_MO"));
    assertThat(missing.problems())
        .containsExactly("describes column priority, which the view does not return");

    CheckViewService failing =
        new CheckViewService(
            edits,
            CurationFakes.sources(),
            CurationFakes.noPolicy(),
            new CurationFakes.Executor(
                sql -> CurationFakes.failed(sql, "Column \"MO_XX\" not found")),
            ANALYZER,
            5);
    ViewTrial failed =
        failing.check(
            StewardCurationServiceTest.SAM,
            "plant",
            new CurateItemsUseCase.ViewDefinition(
                "maintenance_order", ViewKind.CONCEPTUAL, "SELECT MO_XX FROM TB_MO"));
    assertThat(failed.problems()).containsExactly("does not run: Column \"MO_XX\" not found");
    assertThat(failed.line()).isEmpty();
  }

  @Test
  void should_refuse_a_steward_of_another_source() {
    assertThatThrownBy(
            () ->
                checker.check(
                    StewardCurationServiceTest.OZ,
                    "plant",
                    new CurateItemsUseCase.ViewDefinition("v", ViewKind.CONCEPTUAL, "SELECT 1")))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(executor.asked).isEmpty();
  }
}
