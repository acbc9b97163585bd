package dev.parlance.application.curation;

import static dev.parlance.application.access.SourceAccess.requireStewardship;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.CuratedView;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.ResultColumn;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tries an edited view: parses its own SQL first (so a syntax error names the line of what the
 * steward typed), then counts its rows and reads its first rows through the governed execution port
 * as the steward, the view expanded over the working copy like any query over views.
 */
public final class CheckViewService implements CheckViewUseCase {

  private static final Pattern LINE = Pattern.compile("\\bline (\\d+)");

  private final EditCurationUseCase edits;
  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ExecuteQueryPort executor;
  private final AnalyzeSqlPort analyzer;
  private final int sampleRows;

  public CheckViewService(
      EditCurationUseCase edits,
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ExecuteQueryPort executor,
      AnalyzeSqlPort analyzer,
      int sampleRows) {
    if (sampleRows < 1) {
      throw new IllegalArgumentException("sampleRows must be at least 1");
    }
    this.edits = edits;
    this.sources = sources;
    this.policies = policies;
    this.executor = executor;
    this.analyzer = analyzer;
    this.sampleRows = sampleRows;
  }

  @Override
  public ViewTrial check(
      UserIdentity user, String source, CurateItemsUseCase.ViewDefinition definition) {
    requireStewardship(user, source);
    DataSource ds = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    SqlShape shape = analyzer.analyze(definition.sql(), new SchemaCatalog(ds.name(), List.of()));
    if (!shape.readable() || !shape.query()) {
      String problem = shape.problem().orElse("not a query (SELECT or WITH)");
      return ViewTrial.failed(definition.name(), problem, lineOf(problem));
    }
    Curation working = edits.workingCopy(source);
    CuratedView view = definition.applyTo(working.view(definition.name()));
    Curation trial = working.withView(view);
    GovernancePolicy policy =
        policies.current(ds.name()).orElseGet(() -> GovernancePolicy.defaults(ds.name()));
    String count;
    String sample;
    try {
      count = expanded(trial, ds, view, "SELECT COUNT(*) AS row_count FROM " + view.name());
      sample = expanded(trial, ds, view, "SELECT * FROM " + view.name() + " LIMIT " + sampleRows);
    } catch (IllegalArgumentException cycle) {
      return ViewTrial.failed(view.name(), cycle.getMessage(), Optional.empty());
    }
    QueryOutcome counted = executor.execute(ds, policy, user, count);
    if (!(counted instanceof QueryOutcome.Ran ranCount)) {
      // The database's wording is about the expanded statement: no line of the view's SQL.
      return ViewTrial.failed(view.name(), problem(view, counted), Optional.empty());
    }
    QueryOutcome sampled = executor.execute(ds, policy, user, sample);
    if (!(sampled instanceof QueryOutcome.Ran ranSample)) {
      return ViewTrial.failed(view.name(), problem(view, sampled), Optional.empty());
    }
    QueryResult rows = ranSample.result();
    List<String> columns = rows.columns().stream().map(ResultColumn::name).toList();
    return new ViewTrial(
        view.name(),
        ViewCheck.columnProblems(columns, view),
        Optional.empty(),
        columns,
        rowCount(ranCount.result()),
        rows.rows());
  }

  private static String expanded(Curation trial, DataSource ds, CuratedView view, String sql) {
    return view.inDatabase() ? sql : ViewInlining.inline(trial, ds.dialect(), sql);
  }

  private static long rowCount(QueryResult result) {
    if (result.rows().isEmpty() || !(result.rows().getFirst().getFirst() instanceof Number n)) {
      return 0;
    }
    return n.longValue();
  }

  private static String problem(CuratedView view, QueryOutcome outcome) {
    return switch (outcome) {
      case QueryOutcome.Refused refused -> "refused: " + refused.refusal().reason();
      case QueryOutcome.Failed failed ->
          (view.inDatabase() ? "the database view does not run: " : "does not run: ")
              + failed.message();
      case QueryOutcome.Ran ran -> "";
    };
  }

  private static Optional<Integer> lineOf(String problem) {
    Matcher m = LINE.matcher(problem);
    return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
  }
}
