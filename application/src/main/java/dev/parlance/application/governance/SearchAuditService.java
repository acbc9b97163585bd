package dev.parlance.application.governance;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.governance.UserIdentity;

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
}
