package dev.parlance.domain.answer;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/** What one answer cost, with who asked about which source when: a line of the spend report. */
public record SpentOnAnswer(Instant askedAt, String user, String source, Spend spend) {

  public SpentOnAnswer {
    Objects.requireNonNull(askedAt, "askedAt");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(spend, "spend");
  }

  public static SpentOnAnswer of(AnswerRecord answer) {
    return new SpentOnAnswer(
        answer.askedAt(),
        answer.user(),
        answer.source(),
        new Spend(answer.totalTokens(), answer.usd()));
  }

  public BigDecimal usd() {
    return spend.usd();
  }
}
