package dev.parlance.application.ask;

import dev.parlance.application.ask.AskQuestionUseCase.Command;
import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;

/**
 * The question pipeline with a given language model: what asking does once the model is chosen.
 * Evaluation and publish-time regression use it directly, so one pipeline answers online, through a
 * fallback chain, or from an offline batch (whose unanswered requests make the answer {@link
 * Answer.Status#QUEUED}).
 */
@FunctionalInterface
public interface QuestionPipeline {

  /**
   * Answers with the given model. The source's indexes are the caller's to have ready ({@link
   * dev.parlance.application.source.IndexSourceUseCase#awaitReady}): the pipeline reads them, it
   * does not build them.
   *
   * @param progress the question's slow stages, for callers that show them (none report yet)
   */
  Answer ask(Command command, CompleteChatPort llm, Progress progress);

  default Answer ask(Command command, CompleteChatPort llm) {
    return ask(command, llm, Progress.silent());
  }

  /**
   * Builds ahead of time what every question about {@code source} shares (its catalog as prompts
   * see it), so that the first question does not wait for it. Nothing by default.
   */
  default void prepare(DataSource source) {}

  /**
   * Loads ahead of time what every question loads whatever its source (the tokenizer, the embedding
   * model), so that the first question does not wait for it. Nothing by default.
   */
  default void warmUp() {}

  /** Who a starting server's preparation reads a source as: a user with no role. */
  UserIdentity PREPARING = UserIdentity.of("parlance-preparing");
}
