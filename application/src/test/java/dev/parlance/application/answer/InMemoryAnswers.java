package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.answer.Feedback;
import dev.parlance.domain.answer.Spend;
import dev.parlance.domain.answer.SpentOnAnswer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** An answer history in a list, for use-case tests. */
public final class InMemoryAnswers implements AnswerHistoryPort {

  final List<AnswerRecord> all = new ArrayList<>();

  @Override
  public synchronized AnswerRecord save(AnswerRecord answer) {
    AnswerRecord numbered = answer.withId(all.size() + 1);
    all.add(numbered);
    return numbered;
  }

  @Override
  public synchronized Optional<AnswerRecord> find(long id) {
    return all.stream().filter(a -> a.id() == id).findFirst();
  }

  @Override
  public synchronized List<AnswerRecord> byUser(String user, int offset, int limit) {
    return all.stream()
        .filter(a -> a.user().equals(user))
        .sorted(Comparator.comparingLong(AnswerRecord::id).reversed())
        .skip(offset)
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized long countByUser(String user) {
    return all.stream().filter(a -> a.user().equals(user)).count();
  }

  @Override
  public synchronized AnswerRecord giveFeedback(long id, Feedback feedback) {
    AnswerRecord a = find(id).orElseThrow(IllegalArgumentException::new);
    AnswerRecord given = a.withFeedback(feedback);
    all.set(all.indexOf(a), given);
    return given;
  }

  @Override
  public Spend spentByUser(String user, Instant since) {
    return spent(a -> a.user().equals(user), since);
  }

  @Override
  public Spend spentOnSource(String source, Instant since) {
    return spent(a -> a.source().equals(source), since);
  }

  @Override
  public synchronized List<SpentOnAnswer> spending(Instant since, Instant until) {
    return all.stream()
        .filter(a -> !a.askedAt().isBefore(since) && a.askedAt().isBefore(until))
        .sorted(java.util.Comparator.comparing(AnswerRecord::askedAt))
        .map(SpentOnAnswer::of)
        .toList();
  }

  private synchronized Spend spent(Predicate<AnswerRecord> which, Instant since) {
    Spend total = Spend.NONE;
    for (AnswerRecord a : all) {
      if (which.test(a) && !a.askedAt().isBefore(since)) {
        total = total.plus(new Spend(a.totalTokens(), a.usd()));
      }
    }
    return total;
  }

  public static AnswerRecord spent(
      String user, String source, Instant at, long tokens, String usd) {
    return new AnswerRecord(
        0,
        at,
        user,
        source,
        "a question",
        "answered",
        Optional.of("SELECT 1"),
        1,
        1,
        tokens,
        0,
        new BigDecimal(usd),
        true,
        10,
        Optional.empty(),
        java.util.OptionalLong.empty(),
        java.util.List.of());
  }
}
