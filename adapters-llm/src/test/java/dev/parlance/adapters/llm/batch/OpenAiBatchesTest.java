package dev.parlance.adapters.llm.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parlance.adapters.llm.testing.WireServer;
import dev.parlance.domain.completion.BatchCompletionPort;
import dev.parlance.domain.completion.BatchStatus;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.ModelPrice;
import dev.parlance.domain.completion.TokenUsage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OpenAiBatchesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final CompletionRequest QUESTION =
      CompletionRequest.of(
              "You write SQL.", "Which installation has the most open maintenance orders?")
          .withMaxTokens(300);
  private static final CompletionRequest OTHER_QUESTION =
      CompletionRequest.of("You write SQL.", "How many installations are there?");

  @TempDir Path dir;

  private BatchCompletionPort open() {
    return OpenAiBatches.folder(dir)
        .model("gpt-4o-mini")
        .price(ModelPrice.perMillion("0.15", "0.60"))
        .open();
  }

  private List<String> pendingLines() throws IOException {
    Path pending = dir.resolve("pending.jsonl");
    return Files.exists(pending) ? Files.readAllLines(pending) : List.of();
  }

  private List<String> pendingIds() throws IOException {
    List<String> ids = new ArrayList<>();
    for (String line : pendingLines()) {
      ids.add(JSON.readTree(line).path("custom_id").asText());
    }
    return ids;
  }

  // What whoever submits the batch does: move the pending file aside under any name.
  private void submit(String name) throws IOException {
    Files.createDirectories(dir.resolve("submitted"));
    Files.move(dir.resolve("pending.jsonl"), dir.resolve("submitted").resolve(name));
  }

  // What OpenAI returns: one line per request, from a recorded line with the request's id.
  private void results(String file, String recorded, List<String> ids) throws IOException {
    Files.createDirectories(dir.resolve("results"));
    String template = WireServer.read("batch/" + recorded).strip();
    StringBuilder out = new StringBuilder();
    for (String id : ids) {
      out.append(template.replace("{{custom_id}}", id)).append('\n');
    }
    Files.writeString(dir.resolve("results").resolve(file), out);
  }

  @Test
  void should_queue_each_sample_as_an_openai_batch_line_when_no_answer_is_known()
      throws IOException {
    Completions result = open().complete(QUESTION.withSamples(2).withTemperature(0.5));

    assertThat(result.isEmpty()).isTrue();
    assertThat(result.failures())
        .extracting(CompletionFailure::kind)
        .containsOnly(FailureKind.QUEUED);
    List<String> lines = pendingLines();
    assertThat(lines).hasSize(2);
    JsonNode line = JSON.readTree(lines.getFirst());
    assertThat(line.path("custom_id").asText()).matches("pl-[0-9a-f]{32}-0");
    assertThat(line.path("method").asText()).isEqualTo("POST");
    assertThat(line.path("url").asText()).isEqualTo("/v1/chat/completions");
    JsonNode body = line.path("body");
    assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
    assertThat(body.path("temperature").asDouble()).isEqualTo(0.5);
    assertThat(body.path("max_tokens").asInt()).isEqualTo(300);
    assertThat(body.path("messages").get(0).path("role").asText()).isEqualTo("system");
    assertThat(body.path("messages").get(1).path("content").asText())
        .isEqualTo("Which installation has the most open maintenance orders?");
    assertThat(JSON.readTree(lines.get(1)).path("custom_id").asText()).endsWith("-1");
  }

  @Test
  void should_not_queue_a_request_twice_when_it_is_asked_again_in_this_run_or_the_next()
      throws IOException {
    BatchCompletionPort batch = open();
    batch.complete(QUESTION);
    batch.complete(QUESTION);
    open().complete(QUESTION);

    assertThat(pendingLines()).hasSize(1);
    assertThat(open().status().pending()).isEqualTo(1);
  }

  @Test
  void should_answer_from_the_output_file_with_tokens_and_the_discounted_cost() throws IOException {
    open().complete(QUESTION.withSamples(2).withTemperature(0.5));
    List<String> ids = pendingIds();
    submit("batch_6756f29e.jsonl");
    results("batch_6756f29e_output.jsonl", "output-success.jsonl", ids);

    BatchCompletionPort resumed = open();
    Completions result = resumed.complete(QUESTION.withSamples(2).withTemperature(0.5));

    assertThat(result.failures()).isEmpty();
    Completion c = result.completions().getFirst();
    assertThat(c.text()).contains("Maintenance_order(installation id, status)");
    assertThat(c.usage()).isEqualTo(new TokenUsage(212, 17));
    assertThat(c.vendor()).isEqualTo("openai-batch");
    assertThat(c.model()).isEqualTo("gpt-4o-mini-2024-07-18");
    // Half of 212 × $0.15/M + 17 × $0.60/M = half of $0.0000420.
    assertThat(c.cost().usd()).isEqualByComparingTo("0.0000210");
    assertThat(result.cost().usd()).isEqualByComparingTo("0.0000420");
    assertThat(pendingLines()).isEmpty();
    assertThat(resumed.status())
        .isEqualTo(new BatchStatus(2, 0, 0, 0, dir.resolve("pending.jsonl")));
  }

  @Test
  void should_resume_where_it_stopped_when_only_some_results_are_in() throws IOException {
    BatchCompletionPort first = open();
    first.complete(QUESTION);
    String answeredId = pendingIds().getFirst();
    submit("batch_a.jsonl");
    results("batch_a_output.jsonl", "output-success.jsonl", List.of(answeredId));

    BatchCompletionPort resumed = open();
    Completions answered = resumed.complete(QUESTION);
    Completions queued = resumed.complete(OTHER_QUESTION);

    assertThat(answered.first().text()).contains("Installation(name");
    assertThat(queued.firstFailure().orElseThrow().kind()).isEqualTo(FailureKind.QUEUED);
    assertThat(pendingLines()).hasSize(1);
    assertThat(pendingIds()).doesNotContain(answeredId);
  }

  @Test
  void should_wait_for_a_submitted_request_without_queuing_it_again() throws IOException {
    open().complete(QUESTION);
    submit("batch_b.jsonl");

    BatchCompletionPort resumed = open();
    CompletionFailure failure = resumed.complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.QUEUED);
    assertThat(failure.message()).contains("submitted");
    assertThat(pendingLines()).isEmpty();
    assertThat(resumed.status().inFlight()).isEqualTo(1);
  }

  @Test
  void should_queue_again_when_the_batch_expired_before_running_the_request() throws IOException {
    open().complete(QUESTION);
    List<String> ids = pendingIds();
    submit("batch_c.jsonl");
    results("batch_c_error.jsonl", "error-expired.jsonl", ids);

    BatchCompletionPort resumed = open();
    resumed.complete(QUESTION);

    assertThat(pendingIds()).isEqualTo(ids);
    assertThat(resumed.status().pending()).isEqualTo(1);
  }

  @Test
  void should_fail_for_good_without_queuing_again_when_the_vendor_rejected_the_request()
      throws IOException {
    open().complete(QUESTION);
    List<String> ids = pendingIds();
    submit("batch_d.jsonl");
    results("batch_d_error.jsonl", "error-context-length.jsonl", ids);

    BatchCompletionPort resumed = open();
    CompletionFailure failure = resumed.complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.BAD_REQUEST);
    assertThat(failure.message()).startsWith("HTTP 400: This model's maximum context length");
    assertThat(pendingLines()).isEmpty();
    assertThat(resumed.status().failed()).isEqualTo(1);
  }

  @Test
  void should_report_a_refusal_from_the_output_file_as_refused() throws IOException {
    open().complete(QUESTION);
    List<String> ids = pendingIds();
    submit("batch_e.jsonl");
    results("batch_e_output.jsonl", "output-refusal.jsonl", ids);

    CompletionFailure failure = open().complete(QUESTION).firstFailure().orElseThrow();

    assertThat(failure.kind()).isEqualTo(FailureKind.REFUSED);
    assertThat(failure.usage()).isEqualTo(new TokenUsage(58, 11));
  }

  @Test
  void should_prefer_a_later_success_over_an_earlier_expiry() throws IOException {
    open().complete(QUESTION);
    List<String> ids = pendingIds();
    submit("batch_f.jsonl");
    results("batch_f_error.jsonl", "error-expired.jsonl", ids);
    open().complete(QUESTION);
    submit("batch_g.jsonl");
    results("batch_g_output.jsonl", "output-success.jsonl", ids);

    BatchCompletionPort resumed = open();

    assertThat(resumed.complete(QUESTION).first().text()).contains("Installation(name");
    assertThat(resumed.status().answered()).isEqualTo(1);
    assertThat(resumed.status().inFlight()).isZero();
  }

  @Test
  void should_name_the_file_and_line_when_a_result_file_is_corrupt() throws IOException {
    Files.createDirectories(dir.resolve("results"));
    Files.writeString(
        dir.resolve("results").resolve("broken_output.jsonl"),
        "{\"custom_id\": \"pl-1-0\", \"response\": null, \"error\": null}\n{\"custom_id\": \n");

    assertThatThrownBy(this::open)
        .isInstanceOf(BatchFileException.class)
        .hasMessageStartingWith(dir.resolve("results").resolve("broken_output.jsonl") + ":2: ");
  }

  @Test
  void should_reuse_the_answered_samples_and_queue_only_the_new_ones_when_more_are_asked()
      throws IOException {
    CompletionRequest sampled = QUESTION.withTemperature(0.5);
    open().complete(sampled.withSamples(2));
    List<String> ids = pendingIds();
    submit("batch_h.jsonl");
    results("batch_h_output.jsonl", "output-success.jsonl", ids);

    Completions result = open().complete(sampled.withSamples(3));

    assertThat(result.completions()).hasSize(2);
    assertThat(result.failures())
        .extracting(CompletionFailure::kind)
        .containsExactly(FailureKind.QUEUED);
    assertThat(pendingIds()).singleElement().asString().endsWith("-2");
  }

  @Test
  void should_give_the_same_id_to_the_same_request_and_a_new_one_to_a_different_request()
      throws IOException {
    open().complete(QUESTION);
    open().complete(QUESTION.withTemperature(0.2));

    List<String> ids = pendingIds();
    assertThat(ids).hasSize(2).doesNotHaveDuplicates();
  }
}
