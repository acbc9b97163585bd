package dev.parlance.application.evaluation;

import dev.parlance.domain.evaluation.JaccardThresholds;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What scoring a benchmark measured: the counts overall, by difficulty and by database, every
 * failure with both queries, and which gold and which evaluator's rules the numbers used.
 *
 * @param semantics {@code bird} or {@code spider}
 * @param semanticsDescription which official evaluator's rules, in one line
 * @param goldRevision which gold (file, revision, checksum)
 * @param predictionsFormat how the predictions were read
 * @param byDifficulty in the benchmark's difficulty order; {@value #UNKNOWN_DIFFICULTY} last if any
 * @param failures every scored question that is not correct, in question order
 * @param goldFailures questions whose gold query itself failed or timed out
 * @param caveats the questions the gold cannot judge, counted apart (the official numbers include
 *     them)
 * @param warnings what was noticed in the benchmark's or the predictions' files and how it was read
 *     (as the official evaluator reads it)
 */
public record EvaluationReport(
    String dataset,
    String semantics,
    String semanticsDescription,
    String goldRevision,
    String predictionsFormat,
    JaccardThresholds jaccard,
    Tally overall,
    Map<String, Tally> byDifficulty,
    Map<String, Tally> byDatabase,
    List<QuestionResult> failures,
    int goldFailures,
    List<String> missingDatabases,
    List<String> notes,
    List<String> warnings,
    GoldCaveats caveats,
    double seconds) {

  /** The difficulty of questions that have none. */
  public static final String UNKNOWN_DIFFICULTY = "unknown";

  public EvaluationReport {
    Objects.requireNonNull(dataset, "dataset");
    byDifficulty = Collections.unmodifiableMap(new LinkedHashMap<>(byDifficulty));
    byDatabase = Collections.unmodifiableMap(new LinkedHashMap<>(byDatabase));
    failures = List.copyOf(failures);
    missingDatabases = List.copyOf(missingDatabases);
    notes = List.copyOf(notes);
    warnings = List.copyOf(warnings);
    caveats = caveats == null ? GoldCaveats.NONE : caveats;
  }
}
