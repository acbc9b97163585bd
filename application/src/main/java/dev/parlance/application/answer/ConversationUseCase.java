package dev.parlance.application.answer;

import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * A conversation as a thread ({@code /portal/conversations/{id}}): the question that started it and
 * every follow-up asked after it, oldest first, each with the question the user typed and, for a
 * follow-up, the model's restatement as a question of its own. Only the one who asked (and admins)
 * sees a conversation.
 */
@FunctionalInterface
public interface ConversationUseCase {

  /** Most turns a thread shows. */
  int MOST_TURNS = 200;

  /**
   * @param answer any answer of the conversation
   * @throws UnknownAnswerException when there is no answer of that number the user may see
   */
  Conversation conversation(UserIdentity user, long answer);

  /**
   * @param id the number of the answer that started it
   * @param turns its answers, the first first
   */
  record Conversation(long id, String source, List<AnswerRecord> turns) {
    public Conversation {
      turns = List.copyOf(turns);
    }
  }
}
