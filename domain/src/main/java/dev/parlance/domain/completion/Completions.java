package dev.parlance.domain.completion;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a {@link CompletionRequest} produced: one completion per successful sample, one failure per
 * sample (or vendor attempt) that gave nothing usable. Usage and cost cover both.
 */
public record Completions(List<Completion> completions, List<CompletionFailure> failures) {

  public Completions {
    completions = List.copyOf(completions);
    failures = List.copyOf(failures);
  }

  public static Completions of(Completion... completions) {
    return new Completions(List.of(completions), List.of());
  }

  public static Completions failed(CompletionFailure failure) {
    return new Completions(List.of(), List.of(failure));
  }

  public boolean isEmpty() {
    return completions.isEmpty();
  }

  public List<String> texts() {
    return completions.stream().map(Completion::text).toList();
  }

  /** The first completion, or an exception that carries the first failure's message. */
  public Completion first() {
    if (completions.isEmpty()) {
      throw new CompletionFailedException(this);
    }
    return completions.getFirst();
  }

  public Optional<CompletionFailure> firstFailure() {
    return failures.stream().findFirst();
  }

  public TokenUsage usage() {
    TokenUsage total = TokenUsage.NONE;
    for (Completion c : completions) {
      total = total.plus(c.usage());
    }
    for (CompletionFailure f : failures) {
      total = total.plus(f.usage());
    }
    return total;
  }

  public Cost cost() {
    Cost total = Cost.ZERO;
    for (Completion c : completions) {
      total = total.plus(c.cost());
    }
    for (CompletionFailure f : failures) {
      total = total.plus(f.cost());
    }
    return total;
  }

  public Completions plus(Completions other) {
    List<Completion> c = new ArrayList<>(completions);
    c.addAll(other.completions);
    List<CompletionFailure> f = new ArrayList<>(failures);
    f.addAll(other.failures);
    return new Completions(c, f);
  }
}
