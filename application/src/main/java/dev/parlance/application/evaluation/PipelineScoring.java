package dev.parlance.application.evaluation;

import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.EvaluationSemantics;
import dev.parlance.domain.evaluation.JaccardThresholds;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.RunBenchmarkQueryPort;
import dev.parlance.domain.evaluation.Verdict;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.sql.AnalyzeSqlPort;
import dev.parlance.domain.sql.SqlShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Scores a pipeline run's logged answers, as {@link ScorePredictionsService} scores a prediction
 * file: each answer's SQL against its gold query by the same {@link QuestionScorer}, under the
 * run's semantics and the other one reported beside it, with the gold query's columns for the
 * prompt's schema recall.
 */
final class PipelineScoring {

  private final ReadCatalogPort catalogReader;
  private final ScoredAs scoredAs;
  private final AnalyzeSqlPort analyzer;
  private final EvaluationBenchmark benchmark;
  private final Map<String, DataSource> sources;
  private final QuestionScorer primary;
  private final List<QuestionScorer> others = new ArrayList<>();
  private final Map<String, Optional<SchemaCatalog>> catalogs = new HashMap<>();
  // Every strategy's results under the run's semantics, skipped questions included.
  private final List<QuestionResult> results = new ArrayList<>();

  PipelineScoring(
      RunBenchmarkQueryPort runner,
      ReadCatalogPort catalogReader,
      AnalyzeSqlPort analyzer,
      EvaluationSemantics semantics,
      JaccardThresholds jaccard,
      EvaluationBenchmark benchmark,
      Map<String, DataSource> sources,
      ScoredAs scoredAs) {
    this.scoredAs = scoredAs;
    this.catalogReader = catalogReader;
    this.analyzer = analyzer;
    this.benchmark = benchmark;
    this.sources = sources;
    this.primary = new QuestionScorer(runner, semantics, jaccard);
    for (EvaluationSemantics s :
        List.of(EvaluationSemantics.bird(), EvaluationSemantics.spider())) {
      if (!s.label().equals(semantics.label())) {
        others.add(new QuestionScorer(runner, s, jaccard));
      }
    }
  }

  PipelineEvaluation.StrategyRun run(
      String strategy,
      List<EvaluationQuestion> questions,
      Map<String, PipelineAnswer> done,
      PipelineEvaluation.RunState state,
      List<String> notes) {
    EvaluationTally tally = new EvaluationTally(benchmark);
    Map<String, EvaluationTally> otherTallies = new LinkedHashMap<>();
    others.forEach(s -> otherTallies.put(s.semantics().label(), new EvaluationTally(benchmark)));
    List<ScoredAnswer> scored = new ArrayList<>();
    for (EvaluationQuestion q : questions) {
      Optional<DataSource> db = Optional.ofNullable(sources.get(q.database()));
      PipelineAnswer answer = done.get(q.id());
      if (db.isEmpty()) {
        QuestionResult skipped = primary.score(q, db, Optional.empty());
        tally.add(skipped);
        results.add(skipped);
        otherTallies.values().forEach(t -> t.add(skipped));
        continue;
      }
      if (answer == null) {
        continue;
      }
      String gold = scoredAs.gold(q);
      Optional<String> asRun = answer.sql().map(sql -> scoredAs.predicted(q, sql));
      QuestionResult result = primary.score(q, db, answer.sql(), gold, asRun);
      tally.add(result);
      results.add(result);
      Map<String, Verdict> verdicts = new LinkedHashMap<>();
      verdicts.put(primary.semantics().label(), result.verdict());
      for (QuestionScorer other : others) {
        QuestionResult r = other.score(q, db, answer.sql(), gold, asRun);
        otherTallies.get(other.semantics().label()).add(r);
        verdicts.put(other.semantics().label(), r.verdict());
      }
      Optional<ScoredAs.Lineage> lineage = scoredAs.lineage(q);
      Optional<SqlShape> goldShape = goldShape(q, db.get(), lineage);
      String prefix = scoredAs.columnPrefix(q);
      // On a curated source both sides count in base columns: the gold's view columns, and the
      // prompt's, stand for the base columns they read.
      Set<String> goldColumns =
          goldShape
              .map(g -> lineage.map(l -> l.base(g.columns())).orElse(g.columns()))
              .map(c -> prefixed(prefix, c))
              .orElse(Set.of());
      Set<String> goldTables =
          lineage.isPresent()
              ? goldColumns.stream()
                  .map(c -> c.substring(0, Math.max(0, c.lastIndexOf('.'))))
                  .collect(Collectors.toSet())
              : goldShape.map(g -> prefixed(prefix, g.tables())).orElse(Set.of());
      scored.add(
          new ScoredAnswer(
              strategy,
              answer,
              result,
              verdicts,
              goldShape.isPresent(),
              goldColumns,
              goldTables,
              lineage.map(ScoredAs.Lineage::columns).orElse(Map.of())));
    }
    Map<String, Tally> bySemantics = new LinkedHashMap<>();
    bySemantics.put(primary.semantics().label(), tally.overall());
    otherTallies.forEach((label, t) -> bySemantics.put(label, t.overall()));
    List<String> runNotes = new ArrayList<>(notes);
    if (!state.complete()) {
      runNotes.add(
          "partial: "
              + state.finished()
              + " of "
              + (state.questions() - state.skipped())
              + " answerable questions have an answer so far; the numbers cover those");
    }
    EvaluationReport report =
        tally.report(primary, "pipeline answers, strategy " + strategy, runNotes, 0);
    return new PipelineEvaluation.StrategyRun(
        strategy, report, bySemantics, scored, PipelineMetrics.of(scored), state);
  }

  // All strategies' answers taken together, each question counted once per strategy.
  PipelineEvaluation.StrategyRun pooled(
      List<PipelineEvaluation.StrategyRun> runs, List<String> notes) {
    EvaluationTally tally = new EvaluationTally(benchmark);
    results.forEach(tally::add);
    Map<String, Tally> bySemantics = new LinkedHashMap<>();
    List<ScoredAnswer> answers = new ArrayList<>();
    PipelineEvaluation.RunState state = null;
    for (PipelineEvaluation.StrategyRun r : runs) {
      answers.addAll(r.answers());
      r.bySemantics().forEach((label, t) -> bySemantics.merge(label, t, PipelineScoring::sum));
      state = state == null ? r.state() : state.plus(r.state());
    }
    String label =
        runs.stream()
            .map(PipelineEvaluation.StrategyRun::strategy)
            .collect(Collectors.joining("+"));
    EvaluationReport report =
        tally.report(
            primary, "pipeline answers, strategies " + label + " taken together", notes, 0);
    return new PipelineEvaluation.StrategyRun(
        label, report, bySemantics, answers, PipelineMetrics.of(answers), state);
  }

  // The gold query's tables and columns on the source's catalog; empty when it cannot be read.
  private Optional<SqlShape> goldShape(
      EvaluationQuestion q, DataSource db, Optional<ScoredAs.Lineage> lineage) {
    if (lineage.isPresent()) {
      SqlShape shape = analyzer.analyze(scoredAs.recallGold(q), lineage.get().catalog());
      return shape.readable() && shape.query() ? Optional.of(shape) : Optional.empty();
    }
    Optional<SchemaCatalog> catalog =
        catalogs.computeIfAbsent(
            q.database(),
            k -> {
              try {
                return Optional.of(catalogReader.read(db));
              } catch (RuntimeException e) {
                return Optional.empty();
              }
            });
    if (catalog.isEmpty()) {
      return Optional.empty();
    }
    SqlShape shape = analyzer.analyze(scoredAs.recallGold(q), catalog.get());
    return shape.readable() && shape.query() ? Optional.of(shape) : Optional.empty();
  }

  private static Tally sum(Tally a, Tally b) {
    return new Tally(
        a.questions() + b.questions(),
        a.correct() + b.correct(),
        a.wrong() + b.wrong(),
        a.error() + b.error(),
        a.timeout() + b.timeout(),
        a.skipped() + b.skipped(),
        a.jaccardCorrect() + b.jaccardCorrect());
  }

  private static Set<String> prefixed(String prefix, Set<String> ids) {
    if (prefix.isEmpty()) {
      return ids;
    }
    return ids.stream().map(id -> prefix + id).collect(Collectors.toSet());
  }
}
