package dev.parlance.domain.question;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * SQL-PaLM's execution-based consistency (§6, METHODS §4): candidates that ran are grouped by their
 * results and the largest group wins; ties go to the group whose first member came first. The
 * confidence is the winning group's share of all candidates, failures included, so a model that
 * mostly fails never looks sure.
 *
 * <p>Grouping: two results agree when their row multisets are equal. Row order splits a group only
 * between statements that both order at the top level; an unordered result agrees with every order
 * of its rows and joins the ordered reading that appeared first.
 */
public final class ExecutionVote {
  private ExecutionVote() {}

  /** One candidate's part in the vote: its position and, when it ran, its result. */
  public record Ballot(int candidate, Optional<ResultKey> result) {
    public Ballot {
      result = result == null ? Optional.empty() : result;
    }

    public static Ballot ran(int candidate, ResultKey result) {
      return new Ballot(candidate, Optional.of(result));
    }

    public static Ballot failed(int candidate) {
      return new Ballot(candidate, Optional.empty());
    }
  }

  /** Candidates that agree, in order of appearance; {@code members.getFirst()} represents them. */
  public record Group(List<Integer> members, int rows) {
    public Group {
      members = List.copyOf(members);
      if (members.isEmpty()) {
        throw new IllegalArgumentException("a group has at least one member");
      }
    }

    public int first() {
      return members.getFirst();
    }

    public int size() {
      return members.size();
    }
  }

  /**
   * @param groups every group, largest first (ties: earliest first)
   * @param total how many candidates voted, failures included
   */
  public record Result(List<Group> groups, int total) {
    public Result {
      groups = List.copyOf(groups);
    }

    public Optional<Group> winner() {
      return groups.stream().findFirst();
    }

    /** The winner's share of all candidates; 0 when none ran. */
    public double confidence() {
      return total == 0 ? 0 : winner().map(g -> (double) g.size() / total).orElse(0.0);
    }

    /** Whether the winner's share reaches {@code threshold}. */
    public boolean sure(double threshold) {
      return winner().isPresent() && confidence() >= threshold;
    }

    public boolean allFailed() {
      return groups.isEmpty();
    }
  }

  public static Result vote(List<Ballot> ballots) {
    // Pass 1: multiset groups, in order of first appearance.
    List<List<Ballot>> bags = new ArrayList<>();
    for (Ballot b : ballots) {
      if (b.result().isEmpty()) {
        continue;
      }
      ResultKey key = b.result().get();
      List<Ballot> home = null;
      for (List<Ballot> bag : bags) {
        if (bag.getFirst().result().get().sameRows(key)) {
          home = bag;
          break;
        }
      }
      if (home == null) {
        home = new ArrayList<>();
        bags.add(home);
      }
      home.add(b);
    }
    // Pass 2: within a multiset, ordered readings with different orders are different answers.
    List<Group> groups = new ArrayList<>();
    for (List<Ballot> bag : bags) {
      groups.addAll(splitByOrder(bag));
    }
    List<Group> sorted = new ArrayList<>(groups);
    sorted.sort(
        (a, b) ->
            a.size() != b.size() ? b.size() - a.size() : Integer.compare(a.first(), b.first()));
    return new Result(sorted, ballots.size());
  }

  private static List<Group> splitByOrder(List<Ballot> bag) {
    List<List<Integer>> orders = new ArrayList<>();
    List<ResultKey> orderKeys = new ArrayList<>();
    List<Integer> unordered = new ArrayList<>();
    for (Ballot b : bag) {
      ResultKey key = b.result().get();
      if (!key.ordered()) {
        unordered.add(b.candidate());
        continue;
      }
      int at = -1;
      for (int i = 0; i < orderKeys.size(); i++) {
        if (orderKeys.get(i).sameSequence(key)) {
          at = i;
          break;
        }
      }
      if (at < 0) {
        orderKeys.add(key);
        orders.add(new ArrayList<>());
        at = orders.size() - 1;
      }
      orders.get(at).add(b.candidate());
    }
    int rows = bag.getFirst().result().get().rowCount();
    if (orders.isEmpty()) {
      return List.of(new Group(unordered, rows));
    }
    // Unordered results agree with any order of their rows: they join the first ordered reading.
    List<Integer> first = new ArrayList<>(orders.getFirst());
    first.addAll(unordered);
    first.sort(Integer::compare);
    List<Group> out = new ArrayList<>();
    out.add(new Group(first, rows));
    for (List<Integer> other : orders.subList(1, orders.size())) {
      out.add(new Group(other, rows));
    }
    return out;
  }
}
