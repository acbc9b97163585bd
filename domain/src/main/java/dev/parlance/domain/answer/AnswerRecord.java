package dev.parlance.domain.answer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One question a user asked and how it ended, kept for their history, for feedback and for the
 * daily budgets. It holds the question and the SQL, never result values: re-running the SQL shows
 * the rows again, under the governance of whoever runs it then.
 *
 * @param id 0 until the store numbers it
 * @param status how the answer ended ({@code answered}, {@code unsure}, {@code no_answer}, …)
 * @param usd what the language model cost, a lower bound when {@code costKnown} is false
 * @param followsUp the number of the earlier answer this question followed up in a conversation
 * @param readings the SQL of the readings the answer showed beside its own, in the order shown (a
 *     user may choose one of them instead)
 * @param standaloneQuestion a follow-up ("only the emergency ones") restated by the model as a
 *     question of its own, which is what stewards are proposed; empty for a question on its own
 */
public record AnswerRecord(
    long id,
    Instant askedAt,
    String user,
    String source,
    String question,
    String status,
    Optional<String> sql,
    double confidence,
    int rowCount,
    long promptTokens,
    long completionTokens,
    BigDecimal usd,
    boolean costKnown,
    long wallMillis,
    Optional<Feedback> feedback,
    OptionalLong followsUp,
    List<String> readings,
    Optional<String> standaloneQuestion) {

  /** A record without a restated question (a question on its own). */
  public AnswerRecord(
      long id,
      Instant askedAt,
      String user,
      String source,
      String question,
      String status,
      Optional<String> sql,
      double confidence,
      int rowCount,
      long promptTokens,
      long completionTokens,
      BigDecimal usd,
      boolean costKnown,
      long wallMillis,
      Optional<Feedback> feedback,
      OptionalLong followsUp,
      List<String> readings) {
    this(
        id,
        askedAt,
        user,
        source,
        question,
        status,
        sql,
        confidence,
        rowCount,
        promptTokens,
        completionTokens,
        usd,
        costKnown,
        wallMillis,
        feedback,
        followsUp,
        readings,
        Optional.empty());
  }

  public AnswerRecord {
    Objects.requireNonNull(askedAt, "askedAt");
    requireText(user, "user");
    requireText(source, "source");
    requireText(question, "question");
    requireText(status, "status");
    sql = Objects.requireNonNullElse(sql, Optional.empty());
    usd = Objects.requireNonNullElse(usd, BigDecimal.ZERO);
    feedback = Objects.requireNonNullElse(feedback, Optional.empty());
    followsUp = Objects.requireNonNullElse(followsUp, OptionalLong.empty());
    readings = List.copyOf(Objects.requireNonNullElse(readings, List.of()));
    standaloneQuestion =
        Objects.requireNonNullElse(standaloneQuestion, Optional.<String>empty())
            .map(String::strip)
            .filter(q -> !q.isEmpty());
    if (promptTokens < 0 || completionTokens < 0 || usd.signum() < 0) {
      throw new IllegalArgumentException("an answer's tokens and cost cannot be negative");
    }
  }

  /**
   * The SQL of the reading numbered {@code reading} (from 1, in the order shown).
   *
   * @throws IllegalArgumentException when the answer showed no reading of that number
   */
  public String readingSql(int reading) {
    if (reading < 1 || reading > readings.size()) {
      throw new IllegalArgumentException(
          "reading: answer "
              + id
              + (readings.isEmpty()
                  ? " showed no other readings"
                  : " showed readings 1 to " + readings.size())
              + ", not "
              + reading);
    }
    return readings.get(reading - 1);
  }

  /**
   * The question as a steward should read it: a follow-up's stand-alone restatement, else the
   * question as asked.
   */
  public String standalone() {
    return standaloneQuestion.orElse(question);
  }

  public long totalTokens() {
    return promptTokens + completionTokens;
  }

  public AnswerRecord withId(long newId) {
    return new AnswerRecord(
        newId,
        askedAt,
        user,
        source,
        question,
        status,
        sql,
        confidence,
        rowCount,
        promptTokens,
        completionTokens,
        usd,
        costKnown,
        wallMillis,
        feedback,
        followsUp,
        readings,
        standaloneQuestion);
  }

  public AnswerRecord withFeedback(Feedback given) {
    return new AnswerRecord(
        id,
        askedAt,
        user,
        source,
        question,
        status,
        sql,
        confidence,
        rowCount,
        promptTokens,
        completionTokens,
        usd,
        costKnown,
        wallMillis,
        Optional.of(given),
        followsUp,
        readings,
        standaloneQuestion);
  }

  private static void requireText(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("an answer record needs its " + what);
    }
  }
}
