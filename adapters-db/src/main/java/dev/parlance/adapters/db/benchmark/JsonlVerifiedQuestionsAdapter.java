package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.ReadVerifiedQuestionsPort;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import dev.parlance.domain.evaluation.WriteVerifiedQuestionsPort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads an organisation's verified questions: JSON Lines, one object per line with {@code
 * question}, {@code sql}, {@code source} and optionally {@code difficulty} and {@code base_sql}
 * (the same answer over the base tables, when {@code sql} reads curated views); blank lines are
 * skipped. Writes them the same way, one object a line.
 */
final class JsonlVerifiedQuestionsAdapter
    implements ReadVerifiedQuestionsPort, WriteVerifiedQuestionsPort {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public VerifiedQuestionFile read(Path file) {
    byte[] bytes = DataFiles.bytes(file);
    List<String> lines = DataFiles.text(bytes).lines().toList();
    List<VerifiedQuestion> questions = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      int number = i + 1;
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw new BenchmarkDataException(
            file, "line " + number + ": malformed JSON: " + e.getOriginalMessage(), e);
      }
      if (node == null || !node.isObject()) {
        throw new BenchmarkDataException(file, "line " + number + ": expected a JSON object");
      }
      String difficulty = text(node, "difficulty", file, number, false);
      String baseSql = text(node, "base_sql", file, number, false);
      questions.add(
          new VerifiedQuestion(
              text(node, "question", file, number, true),
              text(node, "sql", file, number, true),
              text(node, "source", file, number, true),
              difficulty.isBlank() ? Optional.empty() : Optional.of(difficulty.strip()),
              baseSql.isBlank() ? Optional.empty() : Optional.of(baseSql)));
    }
    return new VerifiedQuestionFile(file, questions, DataFiles.sha256(bytes));
  }

  @Override
  public void write(Path file, List<VerifiedQuestion> questions) {
    StringBuilder lines = new StringBuilder();
    for (VerifiedQuestion q : questions) {
      ObjectNode line = JSON.createObjectNode();
      line.put("question", q.question());
      line.put("sql", q.sql());
      line.put("source", q.source());
      q.difficulty().ifPresent(d -> line.put("difficulty", d));
      q.baseSql().ifPresent(sql -> line.put("base_sql", sql));
      lines.append(line).append('\n');
    }
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String text(JsonNode node, String field, Path file, int line, boolean required) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      if (required) {
        throw new BenchmarkDataException(
            file, "line " + line + ": lacks the field '" + field + "'");
      }
      return "";
    }
    if (!value.isTextual()) {
      throw new BenchmarkDataException(
          file, "line " + line + ": field '" + field + "' must be a string");
    }
    if (required && value.asText().isBlank()) {
      throw new BenchmarkDataException(file, "line " + line + ": field '" + field + "' is empty");
    }
    return value.asText();
  }
}
