package dev.parlance.application.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.explore.BrowseCatalogUseCase.Entry;
import dev.parlance.application.explore.BrowseCatalogUseCase.EntryColumn;
import dev.parlance.application.explore.BrowseCatalogUseCase.SourceCatalog;
import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.DataDescription;
import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrowseCatalogServiceTest {

  private static final UserIdentity ANALYST = UserIdentity.of("ana", "analyst");

  private static final Curation CURATION =
      Curation.empty("plant")
          .withView(
              new CuratedView(
                  "work_order",
                  ViewKind.CONCEPTUAL,
                  "Maintenance work orders.",
                  "SELECT MO_ID AS id, MO_ST AS status, MO_OP AS operator FROM TB_MO",
                  Map.of(),
                  false,
                  List.of(
                      new DataDescription(
                          "status",
                          "where the order stands",
                          "",
                          List.of(new ValueLabel("1", "open"), new ValueLabel("2", "released")),
                          true),
                      DataDescription.of("operator", "who carried it out"))));

  /** The catalog as the curated reader gives it: the view in the users' words, one base table. */
  private static final SchemaCatalog CATALOG =
      new SchemaCatalog(
          "plant",
          List.of(
              new Table(
                  "work_order",
                  TableKind.TABLE,
                  "Maintenance work orders.",
                  List.of(
                      Column.of("id", "INTEGER"),
                      Column.of("status", "TEXT")
                          .withDescription("where the order stands", "1 = open; 2 = released"),
                      Column.of("operator", "TEXT").withDescription("who carried it out", "")),
                  List.of("id"),
                  List.of()),
              new Table(
                  "TB_EMP",
                  TableKind.TABLE,
                  "",
                  List.of(
                      Column.of("EMP_NM", "TEXT").withDescription("employee name", ""),
                      Column.of("EMP_SAL", "REAL").withDescription("", "paid monthly")),
                  List.of(),
                  List.of())));

  private final GovernancePolicy policy =
      GovernancePolicy.defaults("plant")
          .withColumnRule(ColumnRule.hide("analyst", "work_order", "operator"));

  private final BrowseCatalogService service =
      new BrowseCatalogService(
          ExploreFakes.sources(),
          source -> CATALOG,
          ExploreFakes.published(CURATION),
          ExploreFakes.policy(policy),
          finding(java.util.Set.of("1", "2")));

  /** Governed execution that finds exactly {@code visible} among the values a statement asks. */
  static dev.parlance.domain.governance.ExecuteQueryPort finding(java.util.Set<String> visible) {
    return (source, p, user, sql) -> {
      List<List<Object>> rows = new java.util.ArrayList<>();
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'").matcher(sql);
      while (m.find()) {
        if (visible.contains(m.group(1))) {
          rows.add(List.of(m.group(1)));
        }
      }
      return new dev.parlance.domain.governance.QueryOutcome.Ran(
          new dev.parlance.domain.governance.QueryResult(
              List.of(new dev.parlance.domain.governance.ResultColumn("v", "")),
              rows,
              false,
              1,
              sql,
              sql));
    };
  }

  @Test
  void should_list_views_in_the_users_words_with_their_value_dictionaries() {
    SourceCatalog catalog = service.catalog(ANALYST, "plant", "");

    assertThat(catalog.curated()).isTrue();
    assertThat(catalog.total()).isEqualTo(2);
    Entry view = catalog.entries().get(0);
    assertThat(view.name()).isEqualTo("work_order");
    assertThat(view.kind()).isEqualTo("view");
    assertThat(view.description()).isEqualTo("Maintenance work orders.");
    EntryColumn status = view.columns().get(1);
    assertThat(status.description()).isEqualTo("where the order stands");
    assertThat(status.values())
        .containsExactly(new ValueLabel("1", "open"), new ValueLabel("2", "released"));
    assertThat(status.valueText()).isEmpty();
    assertThat(catalog.entries().get(1).kind()).isEqualTo("table");
    assertThat(catalog.entries().get(1).columns().get(1).valueText()).isEqualTo("paid monthly");
  }

  @Test
  void should_show_a_restricted_user_only_the_codes_their_governed_sql_finds() {
    List<String> asked = new java.util.ArrayList<>();
    dev.parlance.domain.governance.ExecuteQueryPort oracle = finding(java.util.Set.of("1"));
    BrowseCatalogService restricted =
        new BrowseCatalogService(
            ExploreFakes.sources(),
            source -> CATALOG,
            ExploreFakes.published(CURATION),
            ExploreFakes.policy(
                policy.withRowFilter(
                    new dev.parlance.domain.governance.RowFilter(
                        "regional", "TB_WO", "WO_RG = :user.region"))),
            (source, p, user, sql) -> {
              asked.add(sql);
              return oracle.execute(source, p, user, sql);
            });
    UserIdentity rita =
        new UserIdentity("rita", java.util.Set.of("analyst", "regional"), Map.of("region", "SE"));

    EntryColumn status = restricted.catalog(rita, "plant", "").entries().get(0).columns().get(1);

    assertThat(status.values()).containsExactly(new ValueLabel("1", "open"));
    assertThat(asked)
        .containsExactly("SELECT DISTINCT status FROM work_order WHERE status IN ('1', '2')");
    // a user nothing binds reads every row: no statement needed
    asked.clear();
    assertThat(
            restricted
                .catalog(UserIdentity.of("root", "admin"), "plant", "")
                .entries()
                .get(0)
                .columns()
                .get(1)
                .values())
        .hasSize(2);
    assertThat(asked).isEmpty();
  }

  @Test
  void should_leave_out_the_columns_the_users_policy_hides() {
    List<String> forAnalyst = columns(service.catalog(ANALYST, "plant", ""), "work_order");
    List<String> forAdmin =
        columns(service.catalog(UserIdentity.of("root", "admin"), "plant", ""), "work_order");

    assertThat(forAnalyst).containsExactly("id", "status");
    assertThat(forAdmin).containsExactly("id", "status", "operator");
  }

  @Test
  void should_keep_only_the_columns_that_match_every_word_of_the_search() {
    SourceCatalog byLabel = service.catalog(ANALYST, "plant", "released");
    SourceCatalog byName = service.catalog(ANALYST, "plant", "Work Order");
    SourceCatalog none = service.catalog(ANALYST, "plant", "released employee");

    assertThat(byLabel.entries()).extracting(Entry::name).containsExactly("work_order");
    assertThat(columns(byLabel, "work_order")).containsExactly("status");
    assertThat(columns(byName, "work_order")).containsExactly("id", "status");
    assertThat(none.entries()).isEmpty();
    assertThat(none.total()).isEqualTo(2);
  }

  @Test
  void should_refuse_a_steward_of_another_source_and_name_an_unknown_source() {
    UserIdentity other =
        new UserIdentity("oz", java.util.Set.of("steward"), Map.of("stewarded_sources", "other"));

    assertThatThrownBy(() -> service.catalog(other, "plant", ""))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> service.catalog(ANALYST, "nope", ""))
        .isInstanceOf(UnknownSourceException.class);
    assertThatThrownBy(() -> service.catalog(ANALYST, "plant", "x".repeat(201)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("q:");
  }

  @Test
  void should_list_tables_as_they_are_when_nothing_is_published() {
    BrowseCatalogService unpublished =
        new BrowseCatalogService(
            ExploreFakes.sources(),
            source -> CATALOG,
            ExploreFakes.published(Curation.empty("elsewhere")),
            ExploreFakes.policy(GovernancePolicy.defaults("plant")),
            finding(java.util.Set.of()));

    SourceCatalog catalog = unpublished.catalog(ANALYST, "plant", null);

    assertThat(catalog.curated()).isFalse();
    assertThat(catalog.entries()).extracting(Entry::kind).containsOnly("table");
    assertThat(catalog.entries().get(0).columns().get(1).valueText())
        .isEqualTo("1 = open; 2 = released");
  }

  private static List<String> columns(SourceCatalog catalog, String entry) {
    return catalog.entries().stream()
        .filter(e -> e.name().equals(entry))
        .findFirst()
        .orElseThrow()
        .columns()
        .stream()
        .map(EntryColumn::name)
        .toList();
  }
}
