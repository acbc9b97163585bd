package dev.parlance.application.evaluation;

import dev.parlance.domain.completion.CompleteChatPort;
import dev.parlance.domain.completion.CompletionRequest;
import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.completion.FailureKind;
import java.util.Optional;
import java.util.Set;

/**
 * The model as one question sees it, remembering whether a request lost samples for reasons outside
 * the question (the vendor down, rate limits after retries, a rejected key).
 */
final class WatchedModel implements CompleteChatPort {

  private static final Set<FailureKind> TRANSIENT =
      Set.of(FailureKind.UNAVAILABLE, FailureKind.RATE_LIMITED, FailureKind.AUTHENTICATION);

  private final CompleteChatPort model;
  private volatile String unavailable;

  WatchedModel(CompleteChatPort model) {
    this.model = model;
  }

  @Override
  public Completions complete(CompletionRequest request) {
    Completions c = model.complete(request);
    if (c.completions().size() < request.samples()) {
      c.failures().stream()
          .filter(f -> TRANSIENT.contains(f.kind()))
          .findFirst()
          .ifPresent(f -> unavailable = f.kind().name() + ": " + f.message());
    }
    return c;
  }

  void reset() {
    unavailable = null;
  }

  Optional<String> unavailable() {
    return Optional.ofNullable(unavailable);
  }
}
