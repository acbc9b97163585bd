package dev.parlance.domain.completion;

import java.time.Instant;
import java.util.List;

/** The ledger of every language-model request Parlance made, whatever it was for. */
public interface ModelCallsPort {

  void record(ModelCall call);

  /** The requests made at or after {@code since} and before {@code until}, oldest first. */
  List<ModelCall> between(Instant since, Instant until);

  /** A ledger that keeps nothing (tests, tools without a store). */
  static ModelCallsPort none() {
    return new ModelCallsPort() {
      @Override
      public void record(ModelCall call) {}

      @Override
      public List<ModelCall> between(Instant since, Instant until) {
        return List.of();
      }
    };
  }
}
