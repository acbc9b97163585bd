package dev.parlance.application.source;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.SourceCheck;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Sources for signed-in users: what each may use, and the admins' changes, audited. */
public final class UseSourcesService implements UseSourcesUseCase {

  private final ManageSourcesUseCase sources;
  private final IndexSourceUseCase indexing;
  private final RecordActionPort audit;
  private final Clock clock;

  public UseSourcesService(
      ManageSourcesUseCase sources,
      IndexSourceUseCase indexing,
      RecordActionPort audit,
      Clock clock) {
    this.sources = sources;
    this.indexing = indexing;
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public List<SourceSummary> usable(UserIdentity user) {
    return sources.list().stream()
        .filter(s -> SourceAccess.mayUse(user, s.name()))
        // A source no policy was published for is closed to analysts: not offered to them.
        .filter(s -> !sources.show(s.name()).policy().closedTo(user))
        .map(s -> summary(user, s))
        .toList();
  }

  @Override
  public SourceSummary source(UserIdentity user, String name) {
    SourceAccess.requireUse(user, name);
    return summary(user, sources.show(name).source());
  }

  private SourceSummary summary(UserIdentity user, DataSource s) {
    return new SourceSummary(
        s.name(),
        s.dialect(),
        indexing.state(s.name()),
        SourceAccess.isAdmin(user) ? Optional.of(s.jdbcUrl()) : Optional.empty());
  }

  @Override
  public ManageSourcesUseCase.Added add(UserIdentity user, ManageSourcesUseCase.AddSource command) {
    SourceAccess.requireAdmin(user, "add sources");
    ManageSourcesUseCase.Added added = sources.add(command);
    audit.record(
        ActionTaken.by(
            clock.instant(),
            user,
            added.source().name(),
            "source-add",
            (added.replaced() ? "replaced: " : "added: ") + added.source().dialect()));
    return added;
  }

  @Override
  public SourceCheck test(UserIdentity user, String name) {
    SourceAccess.requireAdmin(user, "test sources");
    return sources.test(name);
  }

  @Override
  public IndexSourceUseCase.IndexState index(UserIdentity user, String name) {
    SourceAccess.requireAdmin(user, "index sources");
    sources.show(name);
    indexing.start(name);
    return indexing.state(name);
  }

  @Override
  public void remove(UserIdentity user, String name) {
    SourceAccess.requireAdmin(user, "remove sources");
    sources.remove(name);
    audit.record(ActionTaken.by(clock.instant(), user, name, "source-remove", "removed"));
  }
}
