package dev.parlance.application.ask;

import dev.parlance.application.retrieval.Progress;

/**
 * Progress of a question that also hears each pipeline stage start and end (hallucination, catalog,
 * values, retrieval, context, generation, execution, correction, voting), so that a caller can show
 * them live. Stages may overlap: some run while the model answers. A plain {@link Progress} hears
 * only first-use indexing.
 */
public interface AskProgress extends Progress {

  default void stageStarted(String stage) {}

  default void stageEnded(String stage) {}
}
