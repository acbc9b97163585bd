package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.jdbc.JdbcConnections;
import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.adapters.db.testing.HostileCorpus;
import dev.parlance.adapters.db.testing.LeakCorpus;
import dev.parlance.adapters.db.testing.PlantFixture;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After both hostile suites and a few statements whose database errors quote data, the audit trail
 * (the real store, read back with plain JDBC) holds no data value and no database message: the
 * statement, the decision and the error's kind only.
 */
class AuditTrailHoldsNoDataTest {

  @TempDir Path dir;

  // The engines' own wording, which may surround a value; the audit keeps kinds instead (a kind may
  // read like the engine's words — "malformed JSON" — but is fixed text).
  private static final List<String> DATABASE_WORDING =
      List.of(
          "bad JSON path",
          "no such column",
          "no such table",
          "near \"",
          "sub-select returns",
          "not authorized",
          "SQLITE_",
          "Position:",
          "Hint:",
          "Exception");

  @Test
  void should_hold_no_data_value_or_database_message_when_the_hostile_suites_have_run()
      throws Exception {
    Path plant = PlantFixture.sqlite(dir);
    DataSource source = DataSource.of("plant-audit", "jdbc:sqlite:" + plant, Credentials.none());
    GovernancePolicy policy = PlantFixture.policy(source.name());
    String storeUrl = MetadataStore.embeddedUrl(dir.resolve("store"));
    long company;
    Set<String> values = new HashSet<>();
    try (Connection raw = DriverManager.getConnection("jdbc:sqlite:" + plant);
        Statement st = raw.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT EMP_CT_ID FROM TB_EMP WHERE EMP_CT_ID IS NOT NULL GROUP BY EMP_CT_ID"
                  + " ORDER BY count(*) DESC, EMP_CT_ID LIMIT 1")) {
        rs.next();
        company = rs.getLong(1);
      }
      for (String q :
          List.of(
              "SELECT IN_CD FROM TB_IN",
              "SELECT IN_NM FROM TB_IN",
              "SELECT EMP_NM FROM TB_EMP",
              "SELECT EMP_PH FROM TB_EMP",
              "SELECT EMP_EMAIL FROM TB_EMP",
              "SELECT MO_DS FROM TB_MO")) {
        try (ResultSet rs = st.executeQuery(q)) {
          while (rs.next()) {
            String v = rs.getString(1);
            if (v != null && v.strip().length() >= 6) {
              values.add(v.strip());
            }
          }
        }
      }
    }
    assertThat(values).hasSizeGreaterThan(100);

    int recorded = 0;
    try (MetadataStore store = MetadataStore.open(storeUrl, "", "");
        QueryExecution execution = Governance.jdbc(new JdbcConnections())) {
      RecordAuditPort audit = store.audit();
      UserIdentity rita = PlantFixture.regional("SE");
      UserIdentity carl = PlantFixture.contractor((int) company);
      List<Object[]> runs = new ArrayList<>();
      for (HostileCorpus.Hostile h : HostileCorpus.forDialect(Dialect.SQLITE)) {
        runs.add(new Object[] {rita, h.sql()});
      }
      for (LeakCorpus.Attack a : LeakCorpus.forDialect(Dialect.SQLITE)) {
        runs.add(
            new Object[] {
              a.target() == LeakCorpus.Target.REGIONAL ? rita : carl,
              a.sql().replace(":company", String.valueOf(company))
            });
      }
      // errors whose raw text quotes the row: an unrestricted user, so the values are real ones
      UserIdentity ana = PlantFixture.analyst();
      runs.add(new Object[] {ana, "SELECT json_extract('{}', IN_NM) FROM TB_IN"});
      runs.add(new Object[] {ana, "SELECT json(EMP_NM) FROM TB_EMP"});
      runs.add(new Object[] {ana, "SELECT json_extract('{}', '$.' || MO_DS) FROM TB_MO"});
      runs.add(new Object[] {ana, "SELECT NO_SUCH_COLUMN FROM TB_MO"});
      int errors = 0;
      for (Object[] r : runs) {
        UserIdentity user = (UserIdentity) r[0];
        QueryOutcome outcome = execution.execute(source, policy, user, (String) r[1]);
        if (outcome instanceof QueryOutcome.Failed) {
          errors++;
        }
        audit.record(QueryAttempted.of(Instant.now(), user, source.name(), outcome, 1));
        recorded++;
      }
      assertThat(errors).as("statements the database rejected").isGreaterThan(5);
    }

    List<String> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(storeUrl, "", "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM audit_record")) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.append(rs.getString(i)).append('\u0001');
        }
        rows.add(row.toString());
      }
    }
    assertThat(rows).hasSize(recorded);
    for (String row : rows) {
      for (String v : values) {
        assertThat(row).as("the audit holds a data value").doesNotContain(v);
      }
      for (String w : DATABASE_WORDING) {
        assertThat(row).as("the audit holds a database message").doesNotContain(w);
      }
    }
  }
}
