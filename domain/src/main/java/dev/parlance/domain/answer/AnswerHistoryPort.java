package dev.parlance.domain.answer;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Keeps the answers users were given: their history, their feedback, and what they spent. */
public interface AnswerHistoryPort {

  /** Stores a new record and returns it numbered. */
  AnswerRecord save(AnswerRecord answer);

  Optional<AnswerRecord> find(long id);

  /** One user's answers, newest first, {@code offset} counted from 0. */
  List<AnswerRecord> byUser(String user, int offset, int limit);

  long countByUser(String user);

  /** Records the feedback on an answer (replacing earlier feedback) and returns the answer. */
  AnswerRecord giveFeedback(long id, Feedback feedback);

  /** What one user spent on answers asked at or after {@code since}. */
  Spend spentByUser(String user, Instant since);

  /** What answers about one source cost at or after {@code since}. */
  Spend spentOnSource(String source, Instant since);

  /**
   * What each answer asked at or after {@code since} and before {@code until} cost, oldest first.
   */
  List<SpentOnAnswer> spending(Instant since, Instant until);
}
