package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlRunLogAdapterTest {

  @TempDir Path directory;

  private static PipelineAnswer answer(String id) {
    return new PipelineAnswer(
        id,
        "concert_singer",
        "unsure",
        Optional.of("SELECT count(*)\nFROM singer"),
        0.4,
        5,
        List.of("singer.name", "singer.age"),
        List.of(
            new PipelineAnswer.StageUsage(
                "indexing (first use)", 0, TokenUsage.NONE, Cost.ZERO, 0, 1200, true),
            new PipelineAnswer.StageUsage(
                "generation",
                5,
                new TokenUsage(6000, 300),
                new Cost(new BigDecimal("0.001080"), 1),
                900,
                3,
                false)),
        1500,
        900,
        Optional.empty());
  }

  @Test
  void should_give_back_the_configuration_and_the_answers_it_logged() {
    Path file = directory.resolve("runs/r/direct.jsonl");
    PipelineRunLogPort log = BenchmarkData.runLog(file);
    assertThat(log.configuration()).isEmpty();

    log.start(Map.of("dataset", "spider-dev"));
    log.append(answer("0"));
    log.append(answer("1"));
    PipelineRunLogPort reopened = BenchmarkData.runLog(file);

    assertThat(reopened.configuration()).contains(Map.of("dataset", "spider-dev"));
    assertThat(reopened.answers()).containsExactly(answer("0"), answer("1"));
  }

  @Test
  void should_ignore_a_torn_last_line_and_cut_it_off_when_appending_after_an_interruption()
      throws IOException {
    Path file = directory.resolve("direct.jsonl");
    PipelineRunLogPort log = BenchmarkData.runLog(file);
    log.start(Map.of("dataset", "spider-dev"));
    log.append(answer("0"));
    // The process died while writing the next line.
    Files.writeString(
        file,
        "{\"question_id\": \"1\", \"datab",
        StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);

    PipelineRunLogPort resumed = BenchmarkData.runLog(file);
    assertThat(resumed.answers()).containsExactly(answer("0"));
    resumed.append(answer("1"));

    assertThat(BenchmarkData.runLog(file).answers()).containsExactly(answer("0"), answer("1"));
    assertThat(Files.readAllLines(file)).hasSize(3);
  }

  @Test
  void should_name_the_line_when_a_complete_line_is_not_an_answer() throws IOException {
    Path file = directory.resolve("direct.jsonl");
    Files.writeString(file, "{\"run\": {}}\n{\"question_id\": \"0\"}\n");

    assertThatThrownBy(() -> BenchmarkData.runLog(file).answers())
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("lacks 'database'");
  }
}
