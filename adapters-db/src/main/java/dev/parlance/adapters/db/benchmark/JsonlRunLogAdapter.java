package dev.parlance.adapters.db.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineAnswer.StageUsage;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run log as JSON Lines: the first line {@code {"run": {configuration}}}, then one answer per
 * line. Each line is written whole and forced to disk; a last line without its line break (the
 * process died while writing it) is ignored and cut off before the next append.
 */
final class JsonlRunLogAdapter implements PipelineRunLogPort {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;
  // Where the complete lines end, once known (this adapter is the only writer while it runs).
  private long end = -1;

  JsonlRunLogAdapter(Path file) {
    this.file = file;
  }

  @Override
  public synchronized Optional<Map<String, String>> configuration() {
    List<Line> lines = lines();
    if (lines.isEmpty()) {
      return Optional.empty();
    }
    JsonNode run = lines.getFirst().json().get("run");
    if (run == null || !run.isObject()) {
      throw new BenchmarkDataException(
          file, "line 1: expected the run's configuration {\"run\": …}");
    }
    Map<String, String> configuration = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = run.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      configuration.put(e.getKey(), e.getValue().asText());
    }
    return Optional.of(configuration);
  }

  @Override
  public synchronized void start(Map<String, String> configuration) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode run = root.putObject("run");
    configuration.forEach(run::put);
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.write(file, new byte[0]);
      end = 0;
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot create the run log: " + e.getMessage(), e);
    }
    write(root);
  }

  @Override
  public synchronized List<PipelineAnswer> answers() {
    List<PipelineAnswer> answers = new ArrayList<>();
    List<Line> lines = lines();
    for (Line line : lines.subList(Math.min(1, lines.size()), lines.size())) {
      try {
        answers.add(answer(line.json()));
      } catch (RuntimeException e) {
        throw new BenchmarkDataException(
            file, "line " + line.number() + ": not an answer: " + e.getMessage(), e);
      }
    }
    return answers;
  }

  @Override
  public synchronized void append(PipelineAnswer answer) {
    write(node(answer));
  }

  @Override
  public String location() {
    return file.toString();
  }

  private record Line(int number, JsonNode json) {}

  // The complete lines; a torn last line is left out.
  private List<Line> lines() {
    if (!Files.exists(file)) {
      return List.of();
    }
    byte[] bytes = bytes();
    int complete = completeLength(bytes);
    String text = new String(bytes, 0, complete, StandardCharsets.UTF_8);
    List<Line> lines = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\n", -1)) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      try {
        lines.add(new Line(number, JSON.readTree(line)));
      } catch (JsonProcessingException e) {
        throw new BenchmarkDataException(
            file, "line " + number + ": malformed JSON: " + e.getOriginalMessage(), e);
      }
    }
    return lines;
  }

  private byte[] bytes() {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot read the run log: " + e.getMessage(), e);
    }
  }

  private static int completeLength(byte[] bytes) {
    int n = bytes.length;
    while (n > 0 && bytes[n - 1] != '\n') {
      n--;
    }
    return n;
  }

  private void write(ObjectNode node) {
    byte[] line;
    try {
      line = (JSON.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      // Cut a torn last line off first, so that the new line does not continue it.
      if (end < 0) {
        end = completeLength(bytes());
      }
      channel.truncate(end);
      channel.position(end);
      ByteBuffer buffer = ByteBuffer.wrap(line);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(false);
      end += line.length;
    } catch (IOException e) {
      throw new BenchmarkDataException(file, "cannot append to the run log: " + e.getMessage(), e);
    }
  }

  private static ObjectNode node(PipelineAnswer a) {
    ObjectNode n = JSON.createObjectNode();
    n.put("question_id", a.questionId());
    n.put("database", a.database());
    n.put("status", a.status());
    n.put("sql", a.sql().orElse(null));
    n.put("confidence", a.confidence());
    n.put("candidates", a.candidates());
    ArrayNode columns = n.putArray("prompt_columns");
    a.promptColumns().forEach(columns::add);
    ArrayNode stages = n.putArray("stages");
    for (StageUsage s : a.stages()) {
      ObjectNode st = stages.addObject();
      st.put("name", s.name());
      st.put("calls", s.calls());
      st.put("prompt_tokens", s.usage().promptTokens());
      st.put("completion_tokens", s.usage().completionTokens());
      st.put("usd", s.cost().usd().toPlainString());
      st.put("unpriced_calls", s.cost().unpricedCalls());
      st.put("llm_ms", s.llmMillis());
      st.put("other_ms", s.otherMillis());
      st.put("one_time", s.oneTime());
    }
    n.put("wall_ms", a.wallMillis());
    n.put("llm_ms", a.llmMillis());
    n.put("problem", a.problem().orElse(null));
    a.context().ifPresent(c -> n.put("context", c));
    n.put("logged_at", Instant.now().toString());
    return n;
  }

  private static PipelineAnswer answer(JsonNode n) {
    List<String> columns = new ArrayList<>();
    n.path("prompt_columns").forEach(c -> columns.add(c.asText()));
    List<StageUsage> stages = new ArrayList<>();
    for (JsonNode s : n.path("stages")) {
      stages.add(
          new StageUsage(
              required(s, "name").asText(),
              s.path("calls").asInt(),
              new TokenUsage(
                  s.path("prompt_tokens").asLong(), s.path("completion_tokens").asLong()),
              new Cost(new BigDecimal(s.path("usd").asText("0")), s.path("unpriced_calls").asInt()),
              s.path("llm_ms").asLong(),
              s.path("other_ms").asLong(),
              s.path("one_time").asBoolean()));
    }
    return new PipelineAnswer(
        required(n, "question_id").asText(),
        required(n, "database").asText(),
        required(n, "status").asText(),
        text(n, "sql"),
        n.path("confidence").asDouble(),
        n.path("candidates").asInt(),
        columns,
        stages,
        n.path("wall_ms").asLong(),
        n.path("llm_ms").asLong(),
        text(n, "problem"),
        text(n, "context"));
  }

  private static JsonNode required(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("lacks '" + field + "'");
    }
    return v;
  }

  private static Optional<String> text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
  }
}
