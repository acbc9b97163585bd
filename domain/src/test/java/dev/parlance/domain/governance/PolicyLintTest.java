package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Policy lint: unfiltered paths to filtered tables, unmasked carriers of masked content. */
class PolicyLintTest {

  static SchemaCatalog catalog() {
    List<Table> tables = new ArrayList<>();
    Map<String, List<ForeignKey>> keys = ForeignKeyFiltersTest.plant();
    Map<String, List<String>> columns =
        Map.of(
            "TB_IN", List.of("IN_ID", "IN_RG_CD"),
            "TB_RG", List.of("RG_CD"),
            "TB_SY", List.of("SY_ID", "SY_IN_ID"),
            "TB_EQ", List.of("EQ_ID", "EQ_SY_ID", "EQ_PARENT_ID"),
            "TB_WC", List.of("WC_ID", "WC_IN_ID"),
            "TB_MO", List.of("MO_ID", "MO_EQ_ID", "MO_WC_ID"),
            "TB_MT", List.of("MT_ID"));
    columns.forEach(
        (t, cs) ->
            tables.add(
                new Table(
                    t,
                    null,
                    "",
                    cs.stream().map(c -> Column.of(c, "TEXT")).toList(),
                    List.of(),
                    keys.get(t))));
    tables.add(
        new Table(
            "TB_EMP",
            null,
            "",
            List.of(
                Column.of("EMP_ID", "INTEGER"),
                Column.of("EMP_NM", "TEXT"),
                Column.of("EMP_EMAIL", "TEXT"),
                Column.of("EMP_FN", "TEXT")),
            List.of(),
            List.of()));
    return new SchemaCatalog("plant", tables);
  }

  // names and e-mails that spell them out, as in the demo
  static PolicyLint.SampleRows people() {
    return (table, columns) -> {
      List<List<String>> rows = new ArrayList<>();
      String[] names = {
        "Maria Silva Souza",
        "João Pereira",
        "Ana Lima Costa",
        "Carlos Souza",
        "Júlia Alves Rocha",
        "Pedro Gomes"
      };
      for (int i = 0; i < names.length; i++) {
        List<String> row = new ArrayList<>();
        for (String c : columns) {
          row.add(
              switch (c) {
                case "EMP_NM" -> names[i];
                case "EMP_EMAIL" ->
                    java.text.Normalizer.normalize(names[i], java.text.Normalizer.Form.NFD)
                            .replaceAll("\\p{M}", "")
                            .toLowerCase()
                            .replace(' ', '.')
                            .replaceAll("\\.[^.]+$", "")
                        + "@plant.example";
                case "EMP_FN" -> "Técnico " + i;
                default -> String.valueOf(i);
              });
        }
        rows.add(row);
      }
      return rows;
    };
  }

  @Test
  void should_list_tables_that_reach_a_filtered_table_unfiltered_when_the_filter_stops_at_it() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withRowFilter(new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region"));
    List<PolicyLint.Finding> findings = PolicyLint.lint(p, catalog(), people());
    assertThat(findings)
        .filteredOn(f -> f.kind() == PolicyLint.Kind.UNFILTERED_PATH)
        .extracting(PolicyLint.Finding::table)
        .containsExactlyInAnyOrder("TB_SY", "TB_EQ", "TB_WC", "TB_MO");
    assertThat(findings.get(0).message())
        .contains("regional")
        .contains("TB_IN")
        .contains("follow foreign keys");
  }

  @Test
  void should_name_the_column_that_spells_out_a_masked_one_when_it_is_left_in_clear() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"));
    List<PolicyLint.Finding> findings = PolicyLint.lint(p, catalog(), people());
    assertThat(findings).hasSize(1);
    PolicyLint.Finding f = findings.get(0);
    assertThat(f.kind()).isEqualTo(PolicyLint.Kind.CONTENT_CARRIER);
    assertThat(f.column()).isEqualTo("EMP_EMAIL");
    assertThat(f.message()).contains("6 of 6 sampled rows").contains("masked column EMP_NM");
  }

  @Test
  void should_find_nothing_when_filters_follow_foreign_keys_and_carriers_are_masked() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withRowFilter(
                new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region")
                    .followingForeignKeys())
            .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_NM"))
            .withColumnRule(ColumnRule.mask("contractor", "TB_EMP", "EMP_EMAIL"));
    assertThat(PolicyLint.lint(p, catalog(), people())).isEmpty();
  }

  @Test
  void should_report_names_the_source_does_not_have() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withRowFilter(new RowFilter("regional", "TB_NOPE", "1 = 1"))
            .withColumnRule(ColumnRule.hide("contractor", "TB_EMP", "EMP_SALARY"));
    assertThat(PolicyLint.lint(p, catalog(), people()))
        .extracting(PolicyLint.Finding::kind)
        .containsExactly(PolicyLint.Kind.UNKNOWN_TABLE, PolicyLint.Kind.UNKNOWN_COLUMN);
  }
}
