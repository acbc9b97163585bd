package dev.parlance.application.source;

import java.util.Objects;

/**
 * A question came for a source whose indexes are not ready yet; it says how far they are rather
 * than indexing inside the question.
 */
public final class SourceNotReadyException extends RuntimeException {

  private final String source;
  private final IndexSourceUseCase.IndexState state;

  public SourceNotReadyException(String source, IndexSourceUseCase.IndexState state) {
    super(describe(source, state));
    this.source = Objects.requireNonNull(source, "source");
    this.state = Objects.requireNonNull(state, "state");
  }

  public String source() {
    return source;
  }

  public IndexSourceUseCase.IndexState state() {
    return state;
  }

  private static String describe(String source, IndexSourceUseCase.IndexState state) {
    return switch (state) {
      case IndexSourceUseCase.Indexing i ->
          String.format(
              java.util.Locale.ROOT,
              "source %s is being indexed (%s, %.0f%%); ask again when it is ready",
              source,
              i.stage(),
              100 * i.fraction());
      case IndexSourceUseCase.NotReady n ->
          "source " + source + " is not indexed yet (" + n.reason() + "); indexing has started";
      case IndexSourceUseCase.Ready r -> "source " + source + " is ready";
    };
  }
}
