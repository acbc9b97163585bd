package dev.parlance.application.curation;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Compiles every view against the live database by running it with zero rows through the governed
 * execution port (so the policy's allowlist, hidden columns and the parser all have their say),
 * then checks that its column names are unique and that every described column exists. Views are
 * checked in dependency order; a view that uses a failing view fails too, saying which.
 */
public final class ValidateCurationService implements ValidateCurationUseCase {

  /** The identity validation runs as: no roles, so only rules for everyone apply. */
  public static final UserIdentity STEWARD = UserIdentity.of("parlance-curation");

  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ExecuteQueryPort executor;

  public ValidateCurationService(
      DataSourcesPort sources, GovernancePoliciesPort policies, ExecuteQueryPort executor) {
    this.sources = sources;
    this.policies = policies;
    this.executor = executor;
  }

  @Override
  public ValidationReport validate(Curation curation) {
    DataSource source =
        sources
            .find(curation.source())
            .orElseThrow(() -> new UnknownSourceException(curation.source()));
    GovernancePolicy policy =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    List<ViewCheck> checks = new ArrayList<>();
    Set<String> failed = new HashSet<>();
    for (CuratedView view : ordered(curation, source)) {
      checks.add(check(curation, source, policy, view, failed));
    }
    return new ValidationReport(curation.source(), checks);
  }

  // Dependencies first; views caught in a cycle come last, where their check names the cycle.
  private static List<CuratedView> ordered(Curation curation, DataSource source) {
    Set<CuratedView> out = new LinkedHashSet<>();
    for (CuratedView v : curation.views()) {
      try {
        out.addAll(ViewInlining.used(curation, source.dialect(), "SELECT * FROM " + v.name()));
      } catch (IllegalArgumentException cycle) {
        // reported by the view's own check
      }
    }
    out.addAll(curation.views());
    return List.copyOf(out);
  }

  private ViewCheck check(
      Curation curation,
      DataSource source,
      GovernancePolicy policy,
      CuratedView view,
      Set<String> failed) {
    List<String> problems = new ArrayList<>();
    String probe = "SELECT * FROM " + view.name() + " LIMIT 0";
    String sql;
    try {
      List<String> brokenDependencies =
          ViewInlining.used(curation, source.dialect(), "SELECT * FROM " + view.name()).stream()
              .map(CuratedView::name)
              .filter(n -> !Names.key(n).equals(Names.key(view.name())))
              .filter(n -> failed.contains(Names.key(n)))
              .toList();
      if (!brokenDependencies.isEmpty()) {
        problems.add("uses view(s) that fail validation: " + String.join(", ", brokenDependencies));
      }
      sql = view.inDatabase() ? probe : ViewInlining.inline(curation, source.dialect(), probe);
    } catch (IllegalArgumentException cycle) {
      failed.add(Names.key(view.name()));
      return new ViewCheck(view.name(), List.of(), List.of(cycle.getMessage()));
    }
    List<String> columns = new ArrayList<>();
    QueryOutcome outcome = executor.execute(source, policy, STEWARD, sql);
    switch (outcome) {
      case QueryOutcome.Ran ran -> {
        ran.result().columns().stream().map(ResultColumn::name).forEach(columns::add);
        problems.addAll(ViewCheck.columnProblems(columns, view));
      }
      case QueryOutcome.Refused refused ->
          problems.add(
              (view.inDatabase() ? "the database view is refused: " : "refused: ")
                  + refused.refusal().reason());
      case QueryOutcome.Failed f ->
          problems.add(
              (view.inDatabase() ? "the database view does not run: " : "does not compile: ")
                  + f.message());
    }
    if (!problems.isEmpty()) {
      failed.add(Names.key(view.name()));
    }
    return new ViewCheck(view.name(), columns, problems);
  }
}
