package dev.parlance.application.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.explore.ResultWordsUseCase.ColumnWords;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.TableDescription;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A result's headers, units and access notes in the words stewards published. */
class ResultWordsServiceTest {

  private static final Curation CURATION =
      new Curation(
          "plant",
          List.of(
              CuratedView.of(
                      "installation",
                      ViewKind.PARTIALLY_EXTENDED,
                      "An installation.",
                      "SELECT i.IN_ID AS id, i.IN_RG_CD AS region_code FROM TB_IN i")
                  .withColumn(DataDescription.of("region_code", "region (SE, NE)")),
              CuratedView.of(
                      "maintenance_order",
                      ViewKind.CONCEPTUAL,
                      "Orders.",
                      "SELECT MO_NR AS order_number, MO_CST_REAL AS actual_cost FROM TB_MO")
                  .withColumn(
                      new DataDescription("actual_cost", "actual cost", "BRL", List.of(), true))),
          List.of(
              new TableDescription(
                  "TB_MO",
                  "Maintenance orders.",
                  List.of(
                      new DataDescription(
                          "MO_HH_REAL", "hours worked", "hours", List.of(), true)))),
          List.of(),
          List.of(),
          List.of(),
          List.of());

  private static final GovernancePolicy POLICY =
      GovernancePolicy.defaults("plant")
          .withRowFilter(
              new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region").followingForeignKeys());

  private final ResultWordsService service =
      new ResultWordsService(ExploreFakes.published(CURATION), ExploreFakes.policy(POLICY));

  private static final UserIdentity REGIONAL =
      new UserIdentity("rita", Set.of("analyst", "regional"), Map.of("region", "SE"));

  @Test
  void should_name_columns_in_the_views_words_with_their_units_when_the_sql_aliased_them() {
    var words =
        service.words(
            REGIONAL,
            "plant",
            List.of(
                "sum(actual_cost)",
                "count(*)",
                "order_number",
                "MO_HH_REAL",
                "avg(t.actual_cost)",
                "region_code"),
            "");

    assertThat(words.columns())
        .extracting(ColumnWords::header)
        .containsExactly(
            "Total actual cost (BRL)",
            "Count",
            "Order number",
            "Hours worked (hours)",
            "Average actual cost (BRL)",
            "Region code");
    assertThat(words.columns().get(1).count()).isTrue();
    assertThat(words.columns().get(2).identifier()).isTrue();
    assertThat(words.columns().get(0).currency()).isTrue();
    assertThat(words.columns().get(0).identifier()).isFalse();
  }

  @Test
  void should_say_which_row_filter_bound_the_statement_in_the_views_words() {
    var words =
        service.words(
            REGIONAL,
            "plant",
            List.of("region_code"),
            "WITH installation AS (SELECT … FROM TB_IN i WHERE IN_RG_CD = 'SE') SELECT …");

    assertThat(words.access())
        .containsExactly(
            "Filtered by your access: you see only the rows of installation (TB_IN) where region"
                + " code = your region (SE), and only what belongs to those rows.");
    // A user no filter binds, or a statement that read no filtered table: no note.
    assertThat(
            service
                .words(
                    UserIdentity.of("ana", "analyst"), "plant", List.of("n"), "SELECT 1 FROM TB_IN")
                .access())
        .isEmpty();
    assertThat(service.words(REGIONAL, "plant", List.of("n"), "SELECT 1 FROM TB_MO").access())
        .isEmpty();
  }

  @Test
  void should_refuse_a_user_who_may_not_use_the_source() {
    assertThatThrownBy(
            () ->
                service.words(
                    new UserIdentity("oz", Set.of("steward"), Map.of()), "plant", List.of(), ""))
        .isInstanceOf(AccessDeniedException.class);
  }
}
