package dev.parlance.domain.curation;

import dev.parlance.domain.sql.SqlComments;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A question with the SQL (over the source's views) a steward vouches for: a few-shot example for
 * the pipeline and a regression check when the curation changes. Its SQL is kept without comments
 * ({@link SqlComments}): it reaches every user's prompt, and a comment is where an analyst's "NOTE
 * TO THE MODEL" would travel there after one steward's click (issue 24).
 *
 * @param difficulty {@code simple}, {@code medium} or {@code complex} (the dissertation's classes,
 *     as in Spider), or empty when not classified
 */
public record VerifiedQuery(
    String id,
    String question,
    String sql,
    String owner,
    VerifiedStatus status,
    String difficulty) {

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,62}");
  private static final Set<String> DIFFICULTIES = Set.of("", "simple", "medium", "complex");

  public VerifiedQuery {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException(
          "verified question id '" + id + "' must be letters, digits, '_', '.' or '-'");
    }
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("verified question " + id + " has no question");
    }
    sql = SqlComments.strip(sql);
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("verified question " + id + " has no SQL");
    }
    question = question.strip();
    owner = owner == null || owner.isBlank() ? "unknown" : owner.strip();
    status = Objects.requireNonNullElse(status, VerifiedStatus.PROPOSED);
    difficulty = difficulty == null ? "" : difficulty.strip().toLowerCase(java.util.Locale.ROOT);
    if (!DIFFICULTIES.contains(difficulty)) {
      throw new IllegalArgumentException(
          "verified question " + id + ": difficulty must be simple, medium or complex");
    }
  }

  public VerifiedQuery withStatus(VerifiedStatus newStatus) {
    return new VerifiedQuery(id, question, sql, owner, newStatus, difficulty);
  }

  public boolean approved() {
    return status == VerifiedStatus.APPROVED;
  }
}
