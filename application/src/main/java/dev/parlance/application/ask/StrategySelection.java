package dev.parlance.application.ask;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The strategy or strategies a question names, and how one answer is selected from them: one
 * strategy answers alone; several vote together, one candidate each, by their results (SQL-PaLM's
 * test-time selection, {@code vote}: METHODS §4). What {@code parlance ask --strategy A,B --select
 * vote} and the API's {@code "strategy": "A,B", "select": "vote"} name, validated as {@code bench
 * e2e} and {@code parlance.ask.select} validate it.
 *
 * @param strategy the one strategy named, if one was
 * @param voteAcross the strategies that vote together (at least two, each once); empty: no vote
 */
public record StrategySelection(Optional<StrategyName> strategy, List<StrategyName> voteAcross) {

  /** The one selection across strategies there is: the execution vote. */
  public static final String VOTE = "vote";

  public StrategySelection {
    strategy = Objects.requireNonNullElse(strategy, Optional.empty());
    voteAcross = voteAcross == null ? List.of() : List.copyOf(voteAcross);
    if (strategy.isPresent() && !voteAcross.isEmpty()) {
      throw new IllegalArgumentException("one strategy, or a vote across several, not both");
    }
  }

  /** Nothing named: the source's or the configured strategy (or configured vote) answers. */
  public static StrategySelection configured() {
    return new StrategySelection(Optional.empty(), List.of());
  }

  /**
   * Reads what a caller named.
   *
   * @param names the strategies named (each may itself be comma-separated); empty: as configured
   * @param select {@code vote}, or null for none
   * @param strategyWord how the caller names the strategy field ({@code --strategy})
   * @param selectWord how the caller names the selection field ({@code --select})
   * @throws IllegalArgumentException for an unknown strategy or selection, several strategies
   *     without {@code vote}, or {@code vote} with fewer than two strategies
   */
  public static StrategySelection parse(
      List<String> names, String select, String strategyWord, String selectWord) {
    List<StrategyName> named =
        (names == null ? List.<String>of() : names)
            .stream()
                .flatMap(n -> Arrays.stream(n.split(",")))
                .filter(n -> !n.isBlank())
                .map(StrategyName::parse)
                .distinct()
                .toList();
    if (select != null && !select.strip().equals(VOTE)) {
      throw new IllegalArgumentException(selectWord + " takes vote, not '" + select + "'");
    }
    if (select != null) {
      if (named.size() < 2) {
        throw new IllegalArgumentException(
            selectWord
                + " vote needs at least two strategies in "
                + strategyWord
                + " (e.g. direct,c3,din,ta-sql,rb-sql)");
      }
      return new StrategySelection(Optional.empty(), named);
    }
    if (named.size() > 1) {
      throw new IllegalArgumentException(
          strategyWord + " names one strategy, or several with " + selectWord + " vote");
    }
    return new StrategySelection(named.stream().findFirst(), List.of());
  }

  /** Whether several strategies vote together. */
  public boolean votes() {
    return !voteAcross.isEmpty();
  }
}
