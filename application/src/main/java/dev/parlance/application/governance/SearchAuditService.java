package dev.parlance.application.governance;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerRecord;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Searches the audit trail within what the user may read. */
public final class SearchAuditService implements SearchAuditUseCase {

  /** How long before its statement a question may have been asked (the pipeline's whole run). */
  static final Duration ASKED_WITHIN = Duration.ofMinutes(10);

  /** How many of a user's latest answers are searched for the questions of one page. */
  static final int ANSWERS_SEARCHED = 500;

  private final SearchAuditPort audit;
  private final AnswerHistoryPort answers;

  public SearchAuditService(SearchAuditPort audit) {
    this(audit, null);
  }

  /**
   * @param answers the answer history, where the questions behind statements are found (null: none)
   */
  public SearchAuditService(SearchAuditPort audit, AnswerHistoryPort answers) {
    this.audit = audit;
    this.answers = answers;
  }

  @Override
  public Map<Long, String> questions(UserIdentity user, List<AuditEntry> entries) {
    if (answers == null || entries.isEmpty()) {
      return Map.of();
    }
    Map<String, List<AnswerRecord>> byUser = new HashMap<>();
    Map<Long, String> questions = new HashMap<>();
    for (AuditEntry e : entries) {
      if (!AuditEntry.QUERY.equals(e.action()) || e.sqlAsked().isBlank()) {
        continue;
      }
      if (!SourceAccess.isAdmin(user) && !SourceAccess.stewards(user, e.source())) {
        continue;
      }
      String asked = normal(e.sqlAsked());
      List<AnswerRecord> theirs =
          byUser.computeIfAbsent(e.user(), u -> answers.byUser(u, 0, ANSWERS_SEARCHED));
      for (AnswerRecord a : theirs) {
        boolean inTime =
            !e.at().isBefore(a.askedAt().minusSeconds(1))
                && !e.at().isAfter(a.askedAt().plus(ASKED_WITHIN));
        boolean same =
            a.source().equals(e.source())
                && (a.sql().map(SearchAuditService::normal).filter(asked::equals).isPresent()
                    || a.readings().stream()
                        .map(SearchAuditService::normal)
                        .anyMatch(asked::equals));
        if (inTime && same) {
          questions.put(e.id(), a.question());
          break;
        }
      }
    }
    return questions;
  }

  private static String normal(String sql) {
    return sql.strip().replaceAll("\\s+", " ").replaceAll(";$", "");
  }

  @Override
  public AuditPage search(UserIdentity user, AuditQuery query) {
    if (!SourceAccess.isAdmin(user)) {
      String source =
          query
              .source()
              .orElseThrow(
                  () ->
                      new AccessDeniedException(
                          "only admins read the whole audit trail; stewards name a source they"
                              + " steward"));
      SourceAccess.requireStewardship(user, source);
    }
    return audit.search(query);
  }

  @Override
  public void export(UserIdentity user, AuditQuery query, Consumer<AuditEntry> each) {
    // Entries recorded meanwhile push older ones to later pages: an entry seen is not repeated.
    Set<Long> seen = new HashSet<>();
    AuditPage page;
    int number = 0;
    do {
      page =
          search(
              user,
              new AuditQuery(
                  query.user(),
                  query.source(),
                  query.from(),
                  query.to(),
                  query.outcome(),
                  query.action(),
                  number++,
                  AuditQuery.MAX_SIZE));
      for (AuditEntry entry : page.entries()) {
        if (seen.add(entry.id())) {
          each.accept(entry);
        }
      }
    } while (page.hasMore() && !page.entries().isEmpty());
  }
}
