package dev.parlance.application.source;

import dev.parlance.application.retrieval.Progress;

/**
 * Keeps a source's indexes (schema elements, column values, verified questions) in step with its
 * database and curation: in the background when a source changes, or now with progress.
 */
public interface IndexSourceUseCase {

  /** Whether the source's indexes are ready for questions, being built, or missing. */
  IndexState state(String source);

  /** Builds the source's indexes in the background, unless that is already under way. */
  void start(String source);

  /**
   * Waits until the source's indexes are ready, reporting progress: joins a build under way, builds
   * them now when they are missing or stale, returns at once when they are ready.
   *
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   */
  void awaitReady(String source, Progress progress);

  /** A source's indexes. */
  sealed interface IndexState {}

  record Ready() implements IndexState {}

  /**
   * Being built in this process: the stage and how far it is.
   *
   * @param searchable whether the source can already be searched by its words (its lexical index is
   *     in place while the vectors are computed): questions are answered, ranked lexically
   */
  record Indexing(String stage, long done, long total, boolean searchable) implements IndexState {
    public Indexing(String stage, long done, long total) {
      this(stage, done, total, false);
    }

    /** Share done, 0 to 1; 0 while the total is unknown. */
    public double fraction() {
      return total <= 0 ? 0 : Math.min(1, (double) done / total);
    }
  }

  /** Missing, made with another embedding model, or its last build failed. */
  record NotReady(String reason) implements IndexState {}
}
