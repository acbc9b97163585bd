package dev.parlance.application.ask;

import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.PromptMessage;
import java.util.List;
import java.util.Optional;

/**
 * A prompt strategy: builds its prompts from resources, calls the model through the ledger and
 * parses what comes back. Each draws the m candidates of the final step in one request.
 */
interface Strategy {

  StrategyName name();

  /** One entry per requested sample: a draft, or empty when that sample gave nothing usable. */
  List<Optional<Draft>> draft(PromptContext context, Tools tools);

  /**
   * The conversation that asks the model to fix a draft, given what went wrong (the database's
   * message, a refusal, or "no rows"). By default the draft's own conversation continues.
   */
  default CompletionRequest correction(PromptContext context, Draft draft, String problem) {
    return draft
        .conversation()
        .followedBy(
            PromptMessage.assistant(draft.answer()),
            PromptMessage.user(Prompts.CORRECTION.fill(java.util.Map.of("problem", problem))));
  }

  /** Whether answers to {@link #correction} continue a trailing {@code SELECT}. */
  default boolean correctionContinuesSelect() {
    return false;
  }

  /**
   * A candidate SQL and where it came from.
   *
   * @param conversation the request that produced it, as one deterministic sample
   * @param answer the model's text
   */
  record Draft(
      String sql, Optional<String> explanation, CompletionRequest conversation, String answer) {}

  /**
   * A step whose request waits in an offline batch: the strategy stops there, so that no later step
   * is asked with this one's answer missing (docs/design/evaluation.md: a question stops at its
   * first request without an answer). The ledger already knows the question is queued.
   */
  final class Pending extends RuntimeException {
    Pending(String stage) {
      super(stage + " waits for the offline batch", null, false, false);
    }
  }

  /**
   * A strategy that shows the whole prompt context it is given: the one retry with a wider schema
   * after repeated failure (RB-SQL's fallback to the full schema) asks it instead of this one.
   */
  default Strategy wider() {
    return this;
  }

  /**
   * What a strategy works with: the ledger for its calls, the settings, the SQL reader, and for
   * strategies that rank (RB-SQL) the embedding model, the retrievers and the example pool.
   */
  record Tools(
      Ledger ledger,
      AskSettings settings,
      dev.parlance.domain.sql.AnalyzeSqlPort analyzer,
      dev.parlance.domain.retrieval.EmbedTextPort embedder,
      RbSqlRetrievers retrievers,
      ExamplePool examples,
      java.util.Map<StrategyName, List<String>> shown) {

    /**
     * Records the schema a strategy's final prompt shows when it is not the context it was given
     * (C3's recalled columns, TA-SQL's linked ones, RB-SQL's retrieved ones): what the answer says
     * the prompt used, and what recall is measured on.
     */
    void shows(StrategyName strategy, PromptContext context) {
      shown.put(strategy, context.columnIds());
    }

    // Any sample of the request queued: its answer is not all there, the step is not done.
    private static dev.parlance.domain.completion.Completions answered(
        String stage, dev.parlance.domain.completion.Completions completions) {
      if (completions.failures().stream()
          .anyMatch(f -> f.kind() == dev.parlance.domain.completion.FailureKind.QUEUED)) {
        throw new Pending(stage);
      }
      return completions;
    }

    /** The final step: m samples at the sampling temperature, parsed into drafts. */
    List<Optional<Draft>> sample(String stage, CompletionRequest request, boolean continuesSelect) {
      CompletionRequest sampled =
          request
              .withSamples(settings.candidates())
              .withTemperature(settings.temperature())
              .withMaxTokens(settings.maxTokens());
      var completions = answered(stage, ledger.complete(stage, sampled));
      CompletionRequest single =
          request.withSamples(1).withTemperature(0).withMaxTokens(settings.maxTokens());
      List<Optional<Draft>> drafts = new java.util.ArrayList<>();
      for (var c : completions.completions()) {
        Optional<Draft> draft =
            SqlText.sql(c.text(), continuesSelect)
                .map(sql -> new Draft(sql, SqlText.explanation(c.text()), single, c.text()));
        if (draft.isEmpty()) {
          ledger.replyWithoutSql(c.text());
        }
        drafts.add(draft);
      }
      while (drafts.size() < settings.candidates()) {
        drafts.add(Optional.empty());
      }
      return drafts;
    }

    /**
     * An intermediate step: one deterministic answer, or empty when the model gave none.
     *
     * @throws Pending when the request waits in an offline batch
     */
    Optional<String> once(String stage, CompletionRequest request) {
      var completions =
          answered(
              stage,
              ledger.complete(
                  stage,
                  request.withSamples(1).withTemperature(0).withMaxTokens(settings.maxTokens())));
      return completions.isEmpty() ? Optional.empty() : Optional.of(completions.first().text());
    }

    /** An intermediate step that C3 makes self-consistent: k samples at the temperature. */
    List<String> several(String stage, CompletionRequest request, int k) {
      var completions =
          answered(
              stage,
              ledger.complete(
                  stage,
                  request
                      .withSamples(k)
                      .withTemperature(k == 1 ? 0 : settings.temperature())
                      .withMaxTokens(settings.maxTokens())));
      return completions.texts();
    }
  }
}
