package dev.parlance.application.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SearchAuditServiceTest {

  private final List<AuditQuery> asked = new ArrayList<>();
  private final SearchAuditService audit =
      new SearchAuditService(
          q -> {
            asked.add(q);
            return new AuditPage(List.of(), 0, q.page(), q.size());
          });
  private static final UserIdentity SAM =
      new UserIdentity("sam", Set.of("steward"), Map.of("stewarded_sources", "demo"));

  @Test
  void should_let_admins_read_everything_and_stewards_their_sources_only() {
    audit.search(UserIdentity.of("ad", "admin"), AuditQuery.newest(10));
    audit.search(SAM, AuditQuery.newest(10).forSource("demo"));

    assertThatThrownBy(() -> audit.search(SAM, AuditQuery.newest(10)))
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("name a source");
    assertThatThrownBy(() -> audit.search(SAM, AuditQuery.newest(10).forSource("other")))
        .isInstanceOf(AccessDeniedException.class);
    assertThatThrownBy(() -> audit.search(UserIdentity.of("ana", "analyst"), AuditQuery.newest(10)))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(asked).hasSize(2);
  }
}
