package dev.parlance.application.curation;

import static dev.parlance.application.curation.CurationFakes.ran;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValidateCurationServiceTest {

  private final CurationFakes.Executor executor =
      new CurationFakes.Executor(
          sql -> {
            if (sql.contains("TB_SECRET")) {
              return QueryOutcome.Refused.of(
                  RefusalKind.FORBIDDEN_RELATION,
                  "table TB_SECRET is not allowed by the policy",
                  sql);
            }
            if (sql.contains("twice")) {
              return ran(sql, List.of("id", "ID"), List.of());
            }
            return ran(sql, List.of("id", "code"), List.of());
          });

  private final ValidateCurationService validator =
      new ValidateCurationService(CurationFakes.sources(), CurationFakes.noPolicy(), executor);

  @Test
  void should_run_each_view_with_zero_rows_and_its_dependencies_inlined_when_validating() {
    Curation c =
        Curation.empty("plant")
            .withView(
                CuratedView.of(
                    "extended", ViewKind.PARTIALLY_EXTENDED, "", "SELECT * FROM base_view"))
            .withView(
                CuratedView.of(
                    "base_view",
                    ViewKind.CONCEPTUAL,
                    "",
                    "SELECT IN_ID AS id, IN_CD AS code FROM TB_IN"));

    ValidationReport report = validator.validate(c);

    assertThat(report.passed()).isTrue();
    assertThat(report.checks())
        .extracting(ViewCheck::view)
        .containsExactly("base_view", "extended");
    assertThat(executor.asked)
        .contains(
            "WITH base_view AS (SELECT IN_ID AS id, IN_CD AS code FROM TB_IN),\n"
                + "extended AS (SELECT * FROM base_view)\nSELECT * FROM extended LIMIT 0");
  }

  @Test
  void should_name_each_problem_when_views_break_the_rules() {
    Curation c =
        Curation.empty("plant")
            .withView(CuratedView.of("secret", ViewKind.CONCEPTUAL, "", "SELECT * FROM TB_SECRET"))
            .withView(
                CuratedView.of("doubled", ViewKind.CONCEPTUAL, "", "SELECT 1 AS id, 2 AS twice"))
            .withView(
                new CuratedView(
                    "described",
                    ViewKind.CONCEPTUAL,
                    "",
                    "SELECT IN_ID AS id, IN_CD AS code FROM TB_IN",
                    Map.of(),
                    false,
                    List.of(DataDescription.of("status", "gone"))))
            .withView(CuratedView.of("loop_a", ViewKind.CONCEPTUAL, "", "SELECT * FROM loop_b"))
            .withView(CuratedView.of("loop_b", ViewKind.CONCEPTUAL, "", "SELECT * FROM loop_a"))
            .withView(CuratedView.of("on_secret", ViewKind.CONCEPTUAL, "", "SELECT * FROM secret"));

    ValidationReport report = validator.validate(c);

    assertThat(report.passed()).isFalse();
    assertThat(report.failures())
        .extracting(ViewCheck::view, check -> check.problems().getFirst())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(
                "secret", "refused: table TB_SECRET is not allowed by the policy"),
            org.assertj.core.groups.Tuple.tuple(
                "doubled", "returns column ID more than once; give each column its own name"),
            org.assertj.core.groups.Tuple.tuple(
                "described", "describes column status, which the view does not return"),
            org.assertj.core.groups.Tuple.tuple(
                "loop_a", "views use each other in a cycle: loop_a → loop_b → loop_a"),
            org.assertj.core.groups.Tuple.tuple(
                "loop_b", "views use each other in a cycle: loop_b → loop_a → loop_b"),
            org.assertj.core.groups.Tuple.tuple(
                "on_secret", "uses view(s) that fail validation: secret"));
  }
}
