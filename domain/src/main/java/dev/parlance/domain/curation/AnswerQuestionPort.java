package dev.parlance.domain.curation;

import java.util.Optional;

/**
 * The question pipeline as curation's regression sees it: the SQL it writes for a question. Empty
 * when no pipeline (no LLM) is configured, which is the default until the pipeline issue wires one;
 * regression then checks verified questions by running their SQL only.
 */
@FunctionalInterface
public interface AnswerQuestionPort {

  Optional<String> sqlFor(String source, String question);

  static AnswerQuestionPort none() {
    return (source, question) -> Optional.empty();
  }
}
