package dev.parlance.application.answer;

import dev.parlance.domain.answer.Spend;
import dev.parlance.domain.completion.ModelPurpose;
import dev.parlance.domain.governance.UserIdentity;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * What the language model cost: on answers per day (UTC), user and source, and every model call
 * Parlance made by what it was for (answers, regressions, evaluations, suggestions, checks): for
 * admins.
 */
@FunctionalInterface
public interface SpendReportUseCase {

  int MAX_DAYS = 366;

  /**
   * The last {@code days} days, today included.
   *
   * @throws dev.parlance.application.access.AccessDeniedException for anyone but an admin
   * @throws IllegalArgumentException when {@code days} is not between 1 and {@link #MAX_DAYS}
   */
  SpendReport spend(UserIdentity user, int days);

  /**
   * Every day of the range (days without answers included, so a chart shows the gaps), and sums.
   *
   * @param lines one per day, user and source that had answers, by day, then user, then source
   * @param byDay one per day of the range, oldest first
   * @param byUser one per user, most tokens first
   * @param bySource one per source, most tokens first
   * @param byPurpose every model call of the range from the ledger of model calls, one line per
   *     purpose in {@link ModelPurpose}'s order, purposes without calls included
   */
  record SpendReport(
      LocalDate from,
      LocalDate to,
      List<Line> lines,
      List<Total> byDay,
      List<Total> byUser,
      List<Total> bySource,
      Total total,
      List<PurposeTotal> byPurpose) {
    public SpendReport {
      lines = List.copyOf(lines);
      byDay = List.copyOf(byDay);
      byUser = List.copyOf(byUser);
      bySource = List.copyOf(bySource);
      byPurpose = List.copyOf(byPurpose);
    }
  }

  /**
   * The model calls made for one purpose: requests, vendor calls, tokens and cost ({@code usd} a
   * lower bound when {@code unpricedCalls} is not 0).
   */
  record PurposeTotal(
      String purpose,
      int requests,
      long calls,
      long promptTokens,
      long completionTokens,
      BigDecimal usd,
      long unpricedCalls) {
    public long tokens() {
      return promptTokens + completionTokens;
    }
  }

  /** What one user's answers about one source cost on one day. */
  record Line(LocalDate day, String user, String source, Spend spend, int answers) {}

  /** A sum under one key (a day, a user, a source, or everything). */
  record Total(String key, Spend spend, int answers) {}
}
