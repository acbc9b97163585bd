package dev.parlance.application.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.Completion;
import dev.parlance.domain.completion.CompletionFailedException;
import dev.parlance.domain.completion.CompletionFailure;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.FailureKind;
import dev.parlance.domain.completion.PromptMessage;
import dev.parlance.domain.completion.TokenUsage;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HallucinateSchemaServiceTest {

  private static final String INSTRUCTION =
      "Hallucinate a minimal schema of a relational database that can be used to answer the"
          + " natural language question. Here are some examples:";

  private final List<CompletionRequest> sent = new ArrayList<>();

  private CompleteChatPort answering(String text) {
    return request -> {
      sent.add(request);
      return Completions.of(
          new Completion(
              text,
              new TokenUsage(298, 21),
              Cost.of(new BigDecimal("0.0000573")),
              "openai",
              "gpt-4o-mini",
              Duration.ofMillis(640),
              1,
              Completion.Ending.FINISHED));
    };
  }

  @Test
  void should_send_the_papers_instruction_six_examples_and_the_question() {
    new HallucinateSchemaService(answering("Installation(name)"))
        .hallucinate("Which installation has the most open maintenance orders?");

    CompletionRequest request = sent.getFirst();
    assertThat(request.temperature()).isZero();
    assertThat(request.samples()).isEqualTo(1);
    assertThat(request.messages()).hasSize(1);
    PromptMessage message = request.messages().getFirst();
    assertThat(message.role()).isEqualTo(PromptMessage.Role.USER);
    String prompt = message.text();
    assertThat(prompt).startsWith(INSTRUCTION + "\n\nQuestion: Count the number of members");
    assertThat(prompt.split("Question: ", -1)).hasSize(1 + 7);
    assertThat(prompt.split("Schema: ", -1)).hasSize(1 + 6);
    assertThat(prompt)
        .contains("Schema: Station(Name, Latitude)\n")
        .contains(
            "Question: Give the name of the highest paid instructor.\nSchema: Instructor(Name, Salary)\n")
        .endsWith(
            "\n\nQuestion: Which installation has the most open maintenance orders?\nSchema:\n");
  }

  @Test
  void should_use_the_bird_examples_of_table_16_when_asked() {
    new HallucinateSchemaService(answering("x(y)"), HallucinationExamples.BIRD)
        .hallucinate("Which country is the constructor which got 1 point in race No. 24 from?");

    assertThat(sent.getFirst().messages().getFirst().text())
        .contains(
            "Question: What is the brand of the truck that is used to ship by Zachery Hicks?\n"
                + "Schema: truck(truck_id, make), shipment(truck_id, driver_id), driver(driver_id,"
                + " first_name, last_name)")
        .doesNotContain("Bootup Baltimore");
  }

  @Test
  void should_parse_the_tables_when_the_model_wraps_them_in_prose_fences_and_bullets() {
    String messy =
        "Sure! Here is a minimal schema:\n\n```\n- Installation(installation id, name)\n"
            + "- Maintenance_order(order id, installation id, status)\n```\nHope this helps.";

    HallucinatedSchema schema = new HallucinateSchemaService(answering(messy)).hallucinate("q?");

    assertThat(schema.probes())
        .containsExactly(
            "Installation.installation id",
            "Installation.name",
            "Maintenance_order.order id",
            "Maintenance_order.installation id",
            "Maintenance_order.status");
  }

  @Test
  void should_keep_the_calls_tokens_and_cost_for_the_answer_record() {
    Hallucination h =
        new HallucinateSchemaService(answering("Installation(name)")).hallucinateWithUsage("q?");

    assertThat(h.schema().probes()).containsExactly("Installation.name");
    assertThat(h.completions().usage()).isEqualTo(new TokenUsage(298, 21));
    assertThat(h.completions().cost().usd()).isEqualByComparingTo("0.0000573");
  }

  @Test
  void should_put_a_multi_line_question_on_one_line_and_leave_braces_in_it_alone() {
    new HallucinateSchemaService(answering("x(y)")).hallucinate("How many\n  orders {{examples}}?");

    assertThat(sent.getFirst().messages().getFirst().text())
        .endsWith("Question: How many orders {{examples}}?\nSchema:\n");
  }

  @Test
  void should_throw_with_the_vendors_reason_when_the_model_gives_no_answer() {
    CompleteChatPort down =
        request ->
            Completions.failed(
                CompletionFailure.of(
                    FailureKind.AUTHENTICATION,
                    "openai",
                    "gpt-4o-mini",
                    "HTTP 401: Incorrect API key provided",
                    Duration.ofMillis(80),
                    1));

    HallucinateSchemaService service = new HallucinateSchemaService(down);

    assertThatThrownBy(() -> service.hallucinate("q?"))
        .isInstanceOf(CompletionFailedException.class)
        .hasMessageContaining("AUTHENTICATION")
        .hasMessageContaining("Incorrect API key provided");
    assertThat(service.hallucinateWithUsage("q?").schema().isEmpty()).isTrue();
  }

  @Test
  void should_return_an_empty_schema_when_the_model_answers_without_tables() {
    HallucinatedSchema schema =
        new HallucinateSchemaService(answering("I can't help with that request."))
            .hallucinate("q?");

    assertThat(schema.isEmpty()).isTrue();
  }
}
