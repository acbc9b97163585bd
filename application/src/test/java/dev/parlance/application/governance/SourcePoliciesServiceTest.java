package dev.parlance.application.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.ViewKind;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SourcePoliciesServiceTest {

  private static final DataSource YARD =
      DataSource.of("yard", "jdbc:sqlite:/tmp/yard.db", Credentials.none());
  private static final UserIdentity ADA = UserIdentity.of("ada", "admin");

  private GovernancePolicy current = GovernancePolicy.defaults("yard");
  private final List<GovernancePolicy> published = new ArrayList<>();

  private final ManagePoliciesUseCase policies =
      new ManagePoliciesUseCase() {
        @Override
        public GovernancePolicy current(String source) {
          return current;
        }

        @Override
        public GovernancePolicy publish(String source, GovernancePolicy draft, String steward) {
          published.add(draft);
          current = draft.published(published.size(), steward, Instant.EPOCH);
          return current;
        }

        @Override
        public List<GovernancePolicy> history(String source) {
          return List.copyOf(published);
        }
      };

  private final DataSourcesPort sources =
      new DataSourcesPort() {
        @Override
        public Optional<DataSource> find(String name) {
          return name.equals("yard") ? Optional.of(YARD) : Optional.empty();
        }

        @Override
        public List<DataSource> all() {
          return List.of(YARD);
        }

        @Override
        public void save(DataSource source) {}

        @Override
        public boolean remove(String name) {
          return false;
        }
      };

  private final SourcePoliciesService service =
      new SourcePoliciesService(
          policies,
          action -> {},
          Clock.fixed(Instant.EPOCH, ZoneOffset.UTC),
          sources,
          source ->
              new SchemaCatalog(
                  "yard",
                  List.of(
                      new Table(
                          "yard_item",
                          TableKind.TABLE,
                          "",
                          List.of(Column.of("id", "INTEGER"), Column.of("region", "TEXT")),
                          List.of("id"),
                          List.of()))),
          source ->
              Optional.of(
                  new CurationVersion(
                      1,
                      Curation.empty("yard")
                          .withView(
                              CuratedView.of(
                                  "item",
                                  ViewKind.CONCEPTUAL,
                                  "items",
                                  "SELECT id, region FROM yard_item")),
                      "sam",
                      Instant.EPOCH,
                      "")));

  @Test
  void should_offer_the_databases_tables_with_their_columns_and_the_views_that_read_them() {
    SourcePoliciesUseCase.PolicyChoices choices = service.choices(ADA, "yard");

    assertThat(choices.tables())
        .containsExactly(
            new SourcePoliciesUseCase.TableChoice(
                "yard_item", List.of("id", "region"), List.of("item")));
    assertThat(choices.roles()).contains("*", "analyst", "regional");
  }

  @Test
  void should_refuse_a_rule_on_a_table_the_database_lacks_and_name_the_closest() {
    assertThatThrownBy(
            () ->
                service.publish(
                    ADA,
                    "yard",
                    current.withRowFilter(new RowFilter("regional", "yard_itm", "region = 'SE'"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "table: source yard has no table 'yard_itm'; did you mean yard_item?; nothing was"
                + " published");
    assertThatThrownBy(
            () ->
                service.publish(
                    ADA,
                    "yard",
                    current.withRowFilter(new RowFilter("regional", "item", "region = 'SE'"))))
        .hasMessageContaining("'item' is a curated view over yard_item");
    assertThatThrownBy(
            () ->
                service.publish(
                    ADA,
                    "yard",
                    current.withColumnRule(ColumnRule.hide("*", "yard_item", "regoin"))))
        .hasMessageContaining("yard_item has no column 'regoin'; did you mean region?");
    assertThat(published).isEmpty();
  }

  @Test
  void should_publish_rules_naming_what_the_database_has_in_any_case() {
    GovernancePolicy out =
        service.publish(
            ADA,
            "yard",
            current
                .withRowFilter(new RowFilter("regional", "YARD_ITEM", "region = :user.region"))
                .withColumnRule(ColumnRule.mask("analyst", "yard_item", "ID")));

    assertThat(out.version()).isEqualTo(1);
  }
}
