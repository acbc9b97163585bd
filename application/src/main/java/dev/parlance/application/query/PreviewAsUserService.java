package dev.parlance.application.query;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.identity.ManageUsersPort;
import dev.parlance.domain.identity.PortalUser;
import dev.parlance.domain.identity.UnknownUserException;
import dev.parlance.domain.source.DataSourcesPort;
import java.time.Clock;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Checks that the caller is an admin, records who previewed as whom, then runs the statement as the
 * previewed identity through governed execution (which records the attempt under that identity).
 */
public final class PreviewAsUserService implements PreviewAsUserUseCase {

  private final DataSourcesPort sources;
  private final RunQueryUseCase queries;
  private final RecordActionPort audit;
  private final Clock clock;
  private final ManageUsersPort users;

  public PreviewAsUserService(
      DataSourcesPort sources, RunQueryUseCase queries, RecordActionPort audit, Clock clock) {
    this(sources, queries, audit, clock, null);
  }

  /**
   * @param users the realm's users, for a preview as a real user's claims (null: none)
   */
  public PreviewAsUserService(
      DataSourcesPort sources,
      RunQueryUseCase queries,
      RecordActionPort audit,
      Clock clock,
      ManageUsersPort users) {
    this.sources = sources;
    this.queries = queries;
    this.audit = audit;
    this.clock = clock;
    this.users = users;
  }

  @Override
  public UserIdentity realUser(UserIdentity admin, String username) {
    SourceAccess.requireAdmin(admin, "preview a statement as another user");
    if (users == null) {
      throw new UnsupportedOperationException("no realm to read users from");
    }
    PortalUser user = users.user(username).orElseThrow(() -> new UnknownUserException(username));
    Map<String, String> attributes = new TreeMap<>();
    user.attributes()
        .forEach(
            (name, values) -> {
              if (!values.isEmpty()) {
                attributes.put(name, String.join(",", values));
              }
            });
    return new UserIdentity(user.username(), user.roles(), attributes);
  }

  @Override
  public QueryOutcome preview(UserIdentity admin, String source, UserIdentity as, String sql) {
    SourceAccess.requireAdmin(admin, "preview a statement as another user");
    RunStatementService.requireStatement(sources, source, sql);
    // The trail says that the next attempt under this name was an admin's preview.
    audit.record(
        ActionTaken.by(clock.instant(), admin, source, "policy-preview", "as " + describe(as)));
    return queries.run(new RunQueryUseCase.Command(source, as, sql));
  }

  private static String describe(UserIdentity user) {
    String attributes =
        user.attributes().entrySet().stream()
            .map(Map.Entry::toString)
            .collect(Collectors.joining(", "));
    return user.name()
        + " (roles: "
        + (user.roles().isEmpty()
            ? "none"
            : String.join(", ", user.roles().stream().sorted().toList()))
        + (attributes.isEmpty() ? "" : "; attributes: " + attributes)
        + ")";
  }
}
