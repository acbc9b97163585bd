package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.adapters.db.sql.SqlQueryComponents;
import dev.parlance.domain.benchmark.SharedBenchmarkData;
import dev.parlance.domain.evaluation.SpiderHardness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Parlance's own parse of a gold query (JSqlParser) must give the hardness that Spider's official
 * parse ({@code sql} in dev.json) gives, so that questions without an official parse get the same
 * classes.
 */
class SpiderHardnessAgreementTest {

  @Test
  void should_give_the_official_hardness_when_counting_on_parlances_parse_of_spider_dev() {
    JsonNode dev = DataFiles.json(SharedBenchmarkData.require("spider/dev.json"));
    List<String> disagreements = new ArrayList<>();
    Map<String, Integer> official = new TreeMap<>();
    for (JsonNode q : dev) {
      SpiderHardness expected = SpiderHardness.of(SpiderParse.components(q.get("sql")));
      official.merge(expected.label(), 1, Integer::sum);
      SpiderHardness actual = SpiderHardness.of(SqlQueryComponents.of(q.get("query").asText()));
      if (actual != expected) {
        disagreements.add(expected + " but " + actual + ": " + q.get("query").asText());
      }
    }

    assertThat(disagreements).isEmpty();
    assertThat(official.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(dev.size());
  }
}
