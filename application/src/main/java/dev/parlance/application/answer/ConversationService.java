package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks from an answer back to the question that started its conversation, then forward through the
 * asker's answers that followed up any answer of it.
 */
public final class ConversationService implements ConversationUseCase {

  private final AnswerHistoryUseCase history;
  private final AnswerHistoryPort answers;

  public ConversationService(AnswerHistoryUseCase history, AnswerHistoryPort answers) {
    this.history = history;
    this.answers = answers;
  }

  @Override
  public Conversation conversation(UserIdentity user, long answer) {
    AnswerRecord first = history.answer(user, answer);
    Set<Long> seen = new HashSet<>();
    while (first.followsUp().isPresent() && seen.add(first.id())) {
      long earlier = first.followsUp().getAsLong();
      AnswerRecord current = first;
      first = answers.find(earlier).filter(a -> a.user().equals(current.user())).orElse(current);
      if (first == current) {
        break;
      }
    }
    Map<Long, List<AnswerRecord>> followUps = new HashMap<>();
    for (AnswerRecord a : answers.byUser(first.user(), 0, 5 * MOST_TURNS)) {
      if (a.followsUp().isPresent()) {
        followUps.computeIfAbsent(a.followsUp().getAsLong(), k -> new ArrayList<>()).add(a);
      }
    }
    List<AnswerRecord> turns = new ArrayList<>();
    List<AnswerRecord> next = new ArrayList<>(List.of(first));
    Set<Long> inThread = new HashSet<>();
    while (!next.isEmpty() && turns.size() < MOST_TURNS) {
      AnswerRecord a = next.removeFirst();
      if (!inThread.add(a.id())) {
        continue;
      }
      turns.add(a);
      next.addAll(followUps.getOrDefault(a.id(), List.of()));
    }
    turns.sort(Comparator.comparing(AnswerRecord::askedAt).thenComparing(AnswerRecord::id));
    return new Conversation(first.id(), first.source(), turns);
  }
}
