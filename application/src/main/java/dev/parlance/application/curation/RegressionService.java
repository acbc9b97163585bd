package dev.parlance.application.curation;

import dev.parlance.application.retrieval.Progress;
import dev.parlance.domain.curation.AnswerQuestionPort;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.VerifiedQuery;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs a curation's approved verified questions: their SQL under the new version and, for
 * comparison, under the previous one — no model call, so publishing costs nothing; and, only when
 * asked ({@link #withModel}), the question through the pipeline, compared with the verified SQL's
 * result.
 */
final class RegressionService {

  static final String STAGE = "verified questions";
  static final String MODEL_STAGE = "verified questions asked of the model";

  private final ExecuteQueryPort executor;

  RegressionService(ExecuteQueryPort executor) {
    this.executor = executor;
  }

  RegressionReport run(
      DataSource source,
      GovernancePolicy policy,
      Optional<Curation> previous,
      int previousVersion,
      Curation next,
      int nextVersion,
      Progress progress) {
    List<RegressionReport.Check> checks = new ArrayList<>();
    List<VerifiedQuery> approved = next.approved();
    progress.update(STAGE, 0, approved.size());
    for (VerifiedQuery q : approved) {
      progress.update(STAGE, checks.size(), approved.size());
      QueryOutcome now = run(source, policy, next, q.sql());
      if (!(now instanceof QueryOutcome.Ran ran)) {
        checks.add(
            new RegressionReport.Check(
                q.id(),
                q.question(),
                RegressionReport.Result.FAILED,
                Optional.empty(),
                reason(now),
                RegressionReport.Pipeline.NOT_RUN));
        continue;
      }
      QueryResult after = ran.result();
      RegressionReport.Result result = RegressionReport.Result.NEW;
      String detail = "";
      Optional<VerifiedQuery> before = previous.flatMap(p -> p.verifiedQuery(q.id()));
      if (before.isPresent()) {
        QueryOutcome then = run(source, policy, previous.get(), before.get().sql());
        if (then instanceof QueryOutcome.Ran was) {
          boolean same = ResultTables.same(was.result(), after, q.sql());
          result = same ? RegressionReport.Result.UNCHANGED : RegressionReport.Result.CHANGED;
          detail = same ? "" : ResultTables.difference(was.result(), after);
        } else {
          detail = "it did not run under version " + previousVersion;
        }
      }
      checks.add(
          new RegressionReport.Check(
              q.id(),
              q.question(),
              result,
              Optional.of(after.rowCount()),
              detail,
              RegressionReport.Pipeline.NOT_RUN));
    }
    progress.update(STAGE, approved.size(), approved.size());
    return new RegressionReport(previousVersion, nextVersion, checks);
  }

  /**
   * Asks the pipeline each approved verified question of a published version and compares its
   * answer's rows with the verified SQL's: the model-based run a steward starts on purpose.
   */
  RegressionReport withModel(
      DataSource source,
      GovernancePolicy policy,
      Curation published,
      int version,
      AnswerQuestionPort pipeline,
      Progress progress) {
    List<RegressionReport.Check> checks = new ArrayList<>();
    List<VerifiedQuery> approved = published.approved();
    for (VerifiedQuery q : approved) {
      progress.update(MODEL_STAGE, checks.size(), approved.size());
      QueryOutcome gold = run(source, policy, published, q.sql());
      if (!(gold instanceof QueryOutcome.Ran ran)) {
        checks.add(
            new RegressionReport.Check(
                q.id(),
                q.question(),
                RegressionReport.Result.FAILED,
                Optional.empty(),
                reason(gold),
                RegressionReport.Pipeline.NOT_RUN));
        continue;
      }
      checks.add(
          new RegressionReport.Check(
              q.id(),
              q.question(),
              RegressionReport.Result.UNCHANGED,
              Optional.of(ran.result().rowCount()),
              "",
              pipeline(source, policy, published, q, ran.result(), pipeline)));
    }
    progress.update(MODEL_STAGE, approved.size(), approved.size());
    return new RegressionReport(version, version, checks);
  }

  private RegressionReport.Pipeline pipeline(
      DataSource source,
      GovernancePolicy policy,
      Curation next,
      VerifiedQuery q,
      QueryResult gold,
      AnswerQuestionPort pipeline) {
    Optional<String> sql;
    try {
      sql = pipeline.sqlFor(source.name(), q.question());
    } catch (RuntimeException e) {
      return RegressionReport.Pipeline.FAILED;
    }
    if (sql.isEmpty()) {
      // The model was asked and gave no usable SQL (or no model answered).
      return RegressionReport.Pipeline.FAILED;
    }
    QueryOutcome answer = run(source, policy, next, sql.get());
    if (!(answer instanceof QueryOutcome.Ran ran)) {
      return RegressionReport.Pipeline.FAILED;
    }
    return ResultTables.same(gold, ran.result(), q.sql())
        ? RegressionReport.Pipeline.AGREES
        : RegressionReport.Pipeline.DISAGREES;
  }

  private QueryOutcome run(DataSource source, GovernancePolicy policy, Curation c, String sql) {
    String expanded;
    try {
      expanded = ViewInlining.inline(c, source.dialect(), sql);
    } catch (IllegalArgumentException cycle) {
      return QueryOutcome.Refused.of(
          dev.parlance.domain.governance.RefusalKind.UNPARSABLE, cycle.getMessage(), sql);
    }
    return executor.execute(source, policy, ValidateCurationService.STEWARD, expanded);
  }

  private static String reason(QueryOutcome outcome) {
    return switch (outcome) {
      case QueryOutcome.Refused r -> "refused: " + r.refusal().reason();
      case QueryOutcome.Failed f -> "failed: " + f.message();
      case QueryOutcome.Ran ran -> "";
    };
  }
}
