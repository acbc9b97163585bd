package dev.parlance.adapters.db.governance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What failing closed costs on real questions: the gold SQL of BIRD dev and Spider dev (2,006
 * queries written by people, not attacks) through the whole governor, under a policy that allows
 * everything. Every refusal is a query a user could not run; they must stay rare. Skipped when the
 * benchmark data is absent.
 */
class GovernorBenchmarkQueriesTest {

  private static final Path DATA = Path.of("/work/shared/data");

  @Test
  void should_refuse_almost_no_gold_query_when_the_walk_fails_closed() throws Exception {
    Assumptions.assumeTrue(Files.isRegularFile(DATA.resolve("bird/dev_tables.json")));
    ObjectMapper json = new ObjectMapper();
    Map<String, Relations> relations = new HashMap<>();
    for (String file : List.of("bird/dev_tables.json", "spider/tables.json")) {
      for (JsonNode db : json.readTree(DATA.resolve(file).toFile())) {
        List<Relations.Relation> tables = new ArrayList<>();
        JsonNode names = db.get("table_names_original");
        for (int t = 0; t < names.size(); t++) {
          List<String> columns = new ArrayList<>();
          for (JsonNode c : db.get("column_names_original")) {
            if (c.get(0).asInt() == t) {
              columns.add(c.get(1).asText());
            }
          }
          tables.add(new Relations.Relation(null, names.get(t).asText(), false, columns));
        }
        relations.putIfAbsent(
            db.get("db_id").asText(), Relations.of(tables, DialectRules.of(Dialect.SQLITE)));
      }
    }
    DataSource source = DataSource.of("gold", "jdbc:sqlite:/gold.sqlite", Credentials.none());
    int total = 0;
    List<String> refused = new ArrayList<>();
    for (String file : List.of("bird/dev.json", "spider/dev.json")) {
      for (JsonNode q : json.readTree(DATA.resolve(file).toFile())) {
        String sql = (q.has("SQL") ? q.get("SQL") : q.get("query")).asText();
        total++;
        SqlGovernor.Decision d =
            SqlGovernor.decide(
                source,
                GovernancePolicy.defaults("gold"),
                UserIdentity.of("ana"),
                sql,
                relations.get(q.get("db_id").asText()),
                ViewExpansion.none());
        if (d instanceof SqlGovernor.Denied denied) {
          refused.add(denied.refusal().kind() + ": " + denied.refusal().reason());
        }
      }
    }
    System.out.printf("gold queries: %d, refused: %d%n", total, refused.size());
    refused.forEach(r -> System.out.println("  " + r));
    assertThat(total).isGreaterThan(2000);
    assertThat(refused.size()).as("%s", refused).isLessThanOrEqualTo(total / 200);
  }
}
