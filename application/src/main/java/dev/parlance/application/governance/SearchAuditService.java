package dev.parlance.application.governance;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.governance.UserIdentity;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

/** Searches the audit trail within what the user may read. */
public final class SearchAuditService implements SearchAuditUseCase {

  private final SearchAuditPort audit;

  public SearchAuditService(SearchAuditPort audit) {
    this.audit = audit;
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
