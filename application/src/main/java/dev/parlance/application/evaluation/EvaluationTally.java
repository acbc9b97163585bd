package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates question results into a report: overall, by difficulty (in the benchmark's order), by
 * database (in order of appearance), with the failures. Any run that scores questions (a prediction
 * file, the pipeline) builds its report with it.
 */
public final class EvaluationTally {

  private final EvaluationBenchmark benchmark;
  private Tally overall = Tally.EMPTY;
  private final Map<String, Tally> byDifficulty = new LinkedHashMap<>();
  private final Map<String, Tally> byDatabase = new LinkedHashMap<>();
  private final List<QuestionResult> failures = new ArrayList<>();
  private int goldFailures;
  private GoldCaveats caveats = GoldCaveats.NONE;

  public EvaluationTally(EvaluationBenchmark benchmark) {
    this.benchmark = benchmark;
    benchmark.difficulties().forEach(d -> byDifficulty.put(d, Tally.EMPTY));
  }

  public void add(QuestionResult r) {
    overall = overall.plus(r);
    caveats = caveats.plus(r);
    byDifficulty.merge(r.difficulty(), Tally.EMPTY.plus(r), (a, b) -> a.plus(r));
    byDatabase.merge(r.question().database(), Tally.EMPTY.plus(r), (a, b) -> a.plus(r));
    if (r.verdict() != Verdict.CORRECT && r.verdict() != Verdict.SKIPPED) {
      failures.add(r);
    }
    goldFailures += r.goldFailed() ? 1 : 0;
  }

  public Tally overall() {
    return overall;
  }

  public EvaluationReport report(
      QuestionScorer scorer, String predictionsFormat, List<String> notes, double seconds) {
    return report(scorer, predictionsFormat, notes, List.of(), seconds);
  }

  /**
   * @param warnings what the reader of the predictions noticed; the benchmark's own come first
   */
  public EvaluationReport report(
      QuestionScorer scorer,
      String predictionsFormat,
      List<String> notes,
      List<String> warnings,
      double seconds) {
    Map<String, Tally> difficulties = new LinkedHashMap<>(byDifficulty);
    // "unknown" goes last.
    Tally unknown = difficulties.remove(EvaluationReport.UNKNOWN_DIFFICULTY);
    if (unknown != null) {
      difficulties.put(EvaluationReport.UNKNOWN_DIFFICULTY, unknown);
    }
    List<String> allNotes = new ArrayList<>(benchmark.notes());
    allNotes.addAll(notes);
    List<String> allWarnings = new ArrayList<>(benchmark.warnings());
    allWarnings.addAll(warnings);
    if (goldFailures > 0) {
      allNotes.add(
          goldFailures + " gold queries failed or timed out; their questions count as not correct");
    }
    return new EvaluationReport(
        benchmark.name(),
        scorer.semantics().label(),
        scorer.semantics().description(),
        benchmark.goldRevision(),
        predictionsFormat,
        scorer.jaccard(),
        overall,
        difficulties,
        byDatabase,
        failures,
        goldFailures,
        benchmark.missingDatabases(),
        allNotes,
        allWarnings,
        caveats,
        seconds);
  }
}
