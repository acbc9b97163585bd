package dev.parlance.domain.curation;

import java.util.List;

/** Small curations for tests: two plant-maintenance views, a description, a verified question. */
public final class CurationFixture {
  private CurationFixture() {}

  public static CuratedView installation() {
    return new CuratedView(
        "installation",
        ViewKind.CONCEPTUAL,
        "A platform, refinery unit or terminal.",
        "SELECT IN_ID AS id, IN_CD AS code FROM TB_IN",
        java.util.Map.of(),
        false,
        List.of(DataDescription.of("code", "installation code such as IBX-15")));
  }

  public static CuratedView maintenanceOrder() {
    return new CuratedView(
        "maintenance_order",
        ViewKind.PARTIALLY_EXTENDED,
        "A work order.",
        "SELECT m.MO_ID AS id, m.MO_ST AS status, i.id AS installation_id"
            + " FROM TB_MO m JOIN installation i ON i.id = m.MO_IN_ID",
        java.util.Map.of(),
        false,
        List.of(
            new DataDescription(
                "status",
                "where the order stands",
                "",
                List.of(new ValueLabel("1", "open"), new ValueLabel("5", "closed")),
                true)));
  }

  public static Curation plant() {
    return Curation.empty("plant")
        .withView(installation())
        .withView(maintenanceOrder())
        .withTable(
            new TableDescription(
                "TB_MO",
                "maintenance orders",
                List.of(
                    new DataDescription(
                        "MO_ST", "status", "", List.of(new ValueLabel("1", "open")), true))))
        .withHint("Dates are ISO text: use date('now') in SQLite.")
        .withSynonym(new Synonym("work order", "maintenance_order"))
        .withVerified(
            new VerifiedQuery(
                "q1",
                "How many orders are open?",
                "SELECT count(*) FROM maintenance_order WHERE status = 1",
                "rita",
                VerifiedStatus.APPROVED,
                "simple"));
  }
}
