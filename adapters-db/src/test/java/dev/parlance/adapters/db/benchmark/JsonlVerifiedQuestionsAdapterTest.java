package dev.parlance.adapters.db.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlVerifiedQuestionsAdapterTest {

  @TempDir Path directory;

  @Test
  void should_read_one_question_per_line_with_an_optional_difficulty_and_the_files_digest()
      throws Exception {
    Path file = directory.resolve("verified.jsonl");
    Files.writeString(
        file,
        """
        {"question": "How many open orders?", "sql": "SELECT count(*) FROM mo WHERE st = 1", "source": "demo"}

        {"question": "Top plant?", "sql": "SELECT 1", "source": "demo", "difficulty": "hard"}
        """);

    VerifiedQuestionFile read = BenchmarkData.verifiedQuestions().read(file);

    assertThat(read.sha256())
        .hasSize(64)
        .isEqualTo(
            java.util.HexFormat.of()
                .formatHex(
                    java.security.MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(file))));
    assertThat(read.questions())
        .containsExactly(
            new VerifiedQuestion(
                "How many open orders?",
                "SELECT count(*) FROM mo WHERE st = 1",
                "demo",
                Optional.empty()),
            new VerifiedQuestion("Top plant?", "SELECT 1", "demo", Optional.of("hard")));
  }

  @Test
  void should_read_back_what_it_wrote_with_newlines_quotes_and_the_base_sql() {
    Path file = directory.resolve("runs/portal-demo/questions/demo.jsonl");
    var written =
        java.util.List.of(
            new VerifiedQuestion(
                "Which \"plant\"\nis it?",
                "SELECT name\nFROM plant",
                "demo",
                Optional.of("simple"),
                Optional.of("SELECT name FROM installation")),
            new VerifiedQuestion("How many?", "SELECT 1", "demo", Optional.empty()));

    BenchmarkData.verifiedQuestionFiles().write(file, written);

    assertThat(BenchmarkData.verifiedQuestions().read(file).questions())
        .containsExactlyElementsOf(written);
  }

  @Test
  void should_name_the_line_when_a_field_is_missing() throws IOException {
    Path file = directory.resolve("verified.jsonl");
    Files.writeString(
        file,
        "{\"question\": \"q\", \"sql\": \"SELECT 1\", \"source\": \"s\"}\n{\"question\": \"q\"}\n");

    assertThatThrownBy(() -> BenchmarkData.verifiedQuestions().read(file))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 2: lacks the field 'sql'");
  }

  @Test
  void should_name_the_line_when_it_is_not_json() throws IOException {
    Path file = directory.resolve("verified.jsonl");
    Files.writeString(file, "{oops\n");

    assertThatThrownBy(() -> BenchmarkData.verifiedQuestions().read(file))
        .isInstanceOf(BenchmarkDataException.class)
        .hasMessageContaining("line 1: malformed JSON");
  }
}
