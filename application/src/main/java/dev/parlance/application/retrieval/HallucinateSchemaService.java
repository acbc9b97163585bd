package dev.parlance.application.retrieval;

import dev.parlance.application.prompt.PromptTemplate;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionFailedException;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.retrieval.HallucinateSchemaPort;
import dev.parlance.domain.retrieval.HallucinatedSchema;
import java.util.Map;

/**
 * CRUSH4SQL §3.1: one deterministic call with the paper's instruction and six examples, parsed with
 * the paper's regex (which survives prose, fences and bullets around the tables).
 */
public final class HallucinateSchemaService implements HallucinateSchemaPort {

  static final PromptTemplate PROMPT =
      PromptTemplate.resource(HallucinateSchemaService.class, "hallucinate-schema.txt");

  /** Enough for a few tables; the paper's answers run to about 40 tokens. */
  static final int MAX_TOKENS = 256;

  private final CompleteChatPort llm;
  private final String examples;

  public HallucinateSchemaService(CompleteChatPort llm, HallucinationExamples examples) {
    this.llm = llm;
    this.examples = examples.text();
  }

  public HallucinateSchemaService(CompleteChatPort llm) {
    this(llm, HallucinationExamples.GENERAL);
  }

  /**
   * The schema the model imagines; throws {@link CompletionFailedException} (with the vendor's
   * reason) when the model gave no answer at all. Use {@link #hallucinateWithUsage} to keep the
   * call's tokens and cost.
   */
  @Override
  public HallucinatedSchema hallucinate(String question) {
    Hallucination h = hallucinateWithUsage(question);
    if (h.completions().isEmpty()) {
      throw new CompletionFailedException(h.completions());
    }
    return h.schema();
  }

  /** The schema and the call behind it; an empty schema when the model gave no usable answer. */
  public Hallucination hallucinateWithUsage(String question) {
    Completions completions = llm.complete(request(question));
    HallucinatedSchema schema =
        completions.isEmpty()
            ? HallucinatedSchema.empty()
            : HallucinatedSchema.parse(completions.first().text());
    return new Hallucination(schema, completions);
  }

  CompletionRequest request(String question) {
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("the question is empty");
    }
    String prompt =
        PROMPT.fill(
            Map.of(
                "examples", examples, "question", question.strip().replaceAll("\\s*\\R\\s*", " ")));
    return CompletionRequest.of(prompt).withMaxTokens(MAX_TOKENS);
  }
}
