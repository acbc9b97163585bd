package dev.parlance.domain.completion;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A ledger of model calls in a list, for tests. */
public final class InMemoryModelCalls implements ModelCallsPort {

  private final List<ModelCall> calls = new ArrayList<>();

  @Override
  public synchronized void record(ModelCall call) {
    calls.add(call);
  }

  @Override
  public synchronized List<ModelCall> between(Instant since, Instant until) {
    return calls.stream()
        .filter(c -> !c.at().isBefore(since) && c.at().isBefore(until))
        .sorted(Comparator.comparing(ModelCall::at))
        .toList();
  }

  /** Everything recorded, in order. */
  public synchronized List<ModelCall> all() {
    return List.copyOf(calls);
  }
}
