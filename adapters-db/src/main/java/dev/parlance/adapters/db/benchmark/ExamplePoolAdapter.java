package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.LoadExamplePoolPort;
import dev.parlance.domain.question.VerifiedExample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the declared example pools: {@code spider-train} is Spider's training split as {@code
 * spider/train_spider_min.json} holds it ({@code question}, {@code query}, {@code db_id}; its
 * databases are disjoint from dev's).
 */
final class ExamplePoolAdapter implements LoadExamplePoolPort {

  @Override
  public List<VerifiedExample> load(String pool, Path dataDir) {
    if (!POOLS.contains(pool)) {
      throw new IllegalArgumentException(
          "unknown example pool '" + pool + "' (use " + String.join(", ", POOLS) + ")");
    }
    Path file = dataDir.resolve("spider/train_spider_min.json");
    if (!Files.isRegularFile(file)) {
      throw new BenchmarkDataException(file, "no such file (the spider-train example pool)");
    }
    JsonNode root = DataFiles.json(file);
    if (!root.isArray()) {
      throw new BenchmarkDataException(file, "expected a JSON array of questions");
    }
    List<VerifiedExample> out = new ArrayList<>(root.size());
    for (JsonNode q : root) {
      String question = DataFiles.require(q, "question", file).asText();
      String sql = DataFiles.require(q, "query", file).asText();
      if (!question.isBlank() && !sql.isBlank()) {
        out.add(new VerifiedExample(question.strip(), sql.strip()));
      }
    }
    if (out.isEmpty()) {
      throw new BenchmarkDataException(file, "no question with its SQL");
    }
    return out;
  }
}
