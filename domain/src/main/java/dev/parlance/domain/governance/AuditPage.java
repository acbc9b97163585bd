package dev.parlance.domain.governance;

import java.util.List;

/**
 * One page of the audit trail, newest first, and how many entries match the query in all.
 *
 * @param page the page's number, from 0
 */
public record AuditPage(List<AuditEntry> entries, long total, int page, int size) {
  public AuditPage {
    entries = List.copyOf(entries);
  }

  public boolean hasMore() {
    return (long) (page + 1) * size < total;
  }
}
