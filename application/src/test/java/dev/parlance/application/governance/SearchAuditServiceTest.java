package dev.parlance.application.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parlance.application.access.AccessDeniedException;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.AuditPage;
import dev.parlance.domain.governance.AuditQuery;
import dev.parlance.domain.governance.UserIdentity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  @Test
  void should_export_every_matching_entry_once_across_pages_even_when_new_ones_arrive() {
    // 1,200 entries, numbered newest first; after the first page two new entries arrive and
    // push every older entry two places down.
    List<AuditEntry> trail = new ArrayList<>();
    for (long id = 1200; id >= 1; id--) {
      trail.add(entry(id));
    }
    List<AuditQuery> pages = new ArrayList<>();
    SearchAuditService growing =
        new SearchAuditService(
            q -> {
              pages.add(q);
              if (q.page() == 1) {
                trail.add(0, entry(1201));
                trail.add(0, entry(1202));
              }
              int from = Math.min(trail.size(), q.page() * q.size());
              int to = Math.min(trail.size(), from + q.size());
              return new AuditPage(trail.subList(from, to), trail.size(), q.page(), q.size());
            });
    List<Long> exported = new ArrayList<>();

    growing.export(
        UserIdentity.of("ad", "admin"),
        new AuditQuery(
            Optional.of("ana"),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of("refused"),
            Optional.empty(),
            7,
            25),
        e -> exported.add(e.id()));

    assertThat(exported).hasSize(1200).doesNotHaveDuplicates().startsWith(1200L).endsWith(1L);
    assertThat(pages)
        .allSatisfy(
            q -> {
              assertThat(q.user()).contains("ana");
              assertThat(q.outcome()).contains("refused");
              assertThat(q.size()).isEqualTo(AuditQuery.MAX_SIZE);
            });
    assertThat(pages).extracting(AuditQuery::page).containsExactly(0, 1, 2);
  }

  @Test
  void should_refuse_an_export_to_whoever_may_not_read_the_trail() {
    assertThatThrownBy(
            () -> audit.export(UserIdentity.of("ana", "analyst"), AuditQuery.newest(1), e -> {}))
        .isInstanceOf(AccessDeniedException.class);
    assertThat(asked).isEmpty();
  }

  private static AuditEntry entry(long id) {
    return new AuditEntry(
        id,
        Instant.EPOCH.plusSeconds(id),
        "ana",
        Set.of("analyst"),
        "demo",
        AuditEntry.QUERY,
        "refused",
        "",
        "SELECT 1",
        Optional.empty(),
        0,
        false,
        1,
        1);
  }
}
