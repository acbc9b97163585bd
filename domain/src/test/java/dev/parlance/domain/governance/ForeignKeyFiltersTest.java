package dev.parlance.domain.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.catalog.ForeignKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Row filters that follow foreign keys, on a small plant: which references, which predicates. */
class ForeignKeyFiltersTest {

  // installations <- systems <- equipment (<- equipment: parent) <- orders -> work centres ->
  // installations
  static Map<String, List<ForeignKey>> plant() {
    Map<String, List<ForeignKey>> keys = new LinkedHashMap<>();
    keys.put("TB_IN", List.of(ForeignKey.of("IN_RG_CD", "TB_RG", "RG_CD")));
    keys.put("TB_RG", List.of());
    keys.put("TB_SY", List.of(ForeignKey.of("SY_IN_ID", "TB_IN", "IN_ID")));
    keys.put(
        "TB_EQ",
        List.of(
            ForeignKey.of("EQ_SY_ID", "TB_SY", "SY_ID"),
            ForeignKey.of("EQ_PARENT_ID", "TB_EQ", "EQ_ID")));
    keys.put("TB_WC", List.of(ForeignKey.of("WC_IN_ID", "TB_IN", "IN_ID")));
    keys.put(
        "TB_MO",
        List.of(
            ForeignKey.of("MO_EQ_ID", "TB_EQ", "EQ_ID"),
            ForeignKey.of("MO_WC_ID", "TB_WC", "WC_ID")));
    keys.put("TB_MT", List.of());
    return keys;
  }

  @Test
  void should_follow_every_reference_toward_the_anchor_but_no_self_reference() {
    ForeignKeyFilters f = new ForeignKeyFilters(plant());
    assertThat(f.linksToward("TB_IN"))
        .extracting(l -> l.table() + "." + l.key().columns().get(0))
        .containsExactly(
            "TB_EQ.EQ_SY_ID",
            "TB_MO.MO_EQ_ID",
            "TB_MO.MO_WC_ID",
            "TB_SY.SY_IN_ID",
            "TB_WC.WC_IN_ID");
    assertThat(f.reaching("TB_IN")).containsOnlyKeys("TB_SY", "TB_EQ", "TB_WC", "TB_MO");
    assertThat(f.path("TB_MO", "TB_IN"))
        .extracting(ForeignKeyFilters.Link::table)
        .containsExactly("TB_MO", "TB_WC");
  }

  @Test
  void should_read_each_reference_through_the_referenced_tables_own_predicates() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withRowFilter(
                new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region")
                    .followingForeignKeys());
    UserIdentity rita = UserIdentity.of("rita", "regional").withAttribute("region", "SE");
    ForeignKeyFilters.Binding b =
        new ForeignKeyFilters(plant()).bind(p, rita, ForeignKeyFilters.plain());
    assertThat(b.tables()).containsExactlyInAnyOrder("tb_in", "tb_sy", "tb_eq", "tb_wc", "tb_mo");
    assertThat(b.binds("TB_MT")).isFalse();
    assertThat(b.predicates("TB_SY"))
        .containsExactly(
            "(\"SY_IN_ID\" IS NULL OR \"SY_IN_ID\" IN (SELECT \"IN_ID\" FROM \"TB_IN\" WHERE (IN_RG_CD = 'SE')))");
    assertThat(b.predicates("TB_MO")).hasSize(2);
    assertThat(b.predicates("TB_MO").get(1))
        .contains("\"MO_WC_ID\" IN (SELECT \"WC_ID\" FROM \"TB_WC\"");
    // an analyst is bound by nothing
    assertThat(
            new ForeignKeyFilters(plant())
                .bind(p, UserIdentity.of("ana"), ForeignKeyFilters.plain())
                .tables())
        .isEmpty();
  }

  @Test
  void should_name_the_missing_attribute_or_the_cycle_when_filters_cannot_be_bound() {
    GovernancePolicy p =
        GovernancePolicy.defaults("plant")
            .withRowFilter(
                new RowFilter("regional", "TB_IN", "IN_RG_CD = :user.region")
                    .followingForeignKeys());
    ForeignKeyFilters.Binding b =
        new ForeignKeyFilters(plant())
            .bind(p, UserIdentity.of("rita", "regional"), ForeignKeyFilters.plain());
    assertThatThrownBy(() -> b.predicates("TB_MO"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("region");
    Map<String, List<ForeignKey>> loop = new LinkedHashMap<>();
    loop.put("A", List.of(ForeignKey.of("A_B", "B", "B_ID"), ForeignKey.of("A_X", "X", "X_ID")));
    loop.put("B", List.of(ForeignKey.of("B_A", "A", "A_ID"), ForeignKey.of("B_Y", "Y", "Y_ID")));
    GovernancePolicy both =
        GovernancePolicy.defaults("plant")
            .withRowFilter(new RowFilter("r", "X", "1 = 1").followingForeignKeys())
            .withRowFilter(new RowFilter("r", "Y", "1 = 1").followingForeignKeys());
    ForeignKeyFilters.Binding cyclic =
        new ForeignKeyFilters(loop)
            .bind(both, UserIdentity.of("u", "r"), ForeignKeyFilters.plain());
    assertThatThrownBy(() -> cyclic.predicates("A"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cycle");
  }
}
