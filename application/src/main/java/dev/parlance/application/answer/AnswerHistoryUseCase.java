package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/** A user's own questions, newest first; admins may open anyone's answer by its number. */
public interface AnswerHistoryUseCase {

  /** Page {@code page} (from 0) of {@code size} (1 to 100) of the user's answers. */
  HistoryPage history(UserIdentity user, int page, int size);

  /**
   * @throws UnknownAnswerException when there is none of that number the user may see
   */
  AnswerRecord answer(UserIdentity user, long id);

  record HistoryPage(List<AnswerRecord> answers, long total, int page, int size) {
    public HistoryPage {
      answers = List.copyOf(answers);
    }
  }
}
