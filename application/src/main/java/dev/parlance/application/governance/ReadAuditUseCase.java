package dev.parlance.application.governance;

import dev.parlance.domain.governance.QueryAttempted;
import java.util.List;

/** Who ran what on a source, and how it ended: the audit trail, newest first. */
public interface ReadAuditUseCase {

  /** The newest {@code limit} records of one source (at least one). */
  List<QueryAttempted> latest(String source, int limit);
}
