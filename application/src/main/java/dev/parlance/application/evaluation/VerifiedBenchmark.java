package dev.parlance.application.evaluation;

import dev.parlance.application.evaluation.EvaluatePipelineService.Ports;
import dev.parlance.domain.benchmark.BenchmarkDataException;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.EvaluationQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestion;
import dev.parlance.domain.evaluation.VerifiedQuestionFile;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.source.DataSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An organisation's verified questions as a benchmark over its configured sources, and (for a run
 * on base tables alone) each source's shadow {@code <name>-raw} source under a copy of its policy.
 */
final class VerifiedBenchmark {

  private final Ports ports;

  VerifiedBenchmark(Ports ports) {
    this.ports = ports;
  }

  /** The file's verified questions as a benchmark; their base-table gold SQL into baseGold. */
  EvaluationBenchmark load(Path file, boolean baseTablesOnly, Map<String, String> baseGold) {
    VerifiedQuestionFile read = ports.verifiedQuestions().read(file);
    List<VerifiedQuestion> verified = read.questions();
    if (verified.isEmpty()) {
      throw new BenchmarkDataException(file, "holds no questions");
    }
    List<EvaluationQuestion> questions = new ArrayList<>();
    Set<String> difficulties = new LinkedHashSet<>();
    Map<String, DataSource> databases = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < verified.size(); i++) {
      VerifiedQuestion v = verified.get(i);
      v.difficulty().ifPresent(difficulties::add);
      questions.add(
          new EvaluationQuestion(
              String.valueOf(i + 1),
              v.source(),
              v.question(),
              Optional.empty(),
              v.sql(),
              v.difficulty()));
      v.baseSql().ifPresent(sql -> baseGold.put(String.valueOf(questions.size()), sql));
      if (!databases.containsKey(v.source()) && !missing.contains(v.source())) {
        ports
            .sources()
            .find(v.source())
            .ifPresentOrElse(
                s -> databases.put(v.source(), baseTablesOnly ? baseTables(s) : s),
                () -> missing.add(v.source()));
      }
    }
    List<String> notes = new ArrayList<>();
    if (!missing.isEmpty()) {
      notes.add(
          "sources not configured, their questions are skipped: " + String.join(", ", missing));
    }
    return new EvaluationBenchmark(
        "questions:" + file.getFileName(),
        "verified questions — "
            + file.getFileName()
            + " ("
            + questions.size()
            + " questions, sha256 "
            + read.sha256().substring(0, 12)
            + ")",
        questions,
        databases,
        missing,
        List.copyOf(difficulties),
        notes);
  }

  /**
   * The source's base tables alone: a shadow source {@code <name>-raw} on the same database and
   * credentials, under a copy of the source's policy, with no curation of its own.
   */
  private DataSource baseTables(DataSource curated) {
    DataSource raw =
        new DataSource(
            curated.name() + "-raw", curated.jdbcUrl(), curated.dialect(), curated.credentials());
    Optional<DataSource> known = ports.sources().find(raw.name());
    if (known.isEmpty() || !known.get().equals(raw)) {
      ports.sources().save(raw);
    }
    if (ports.policies() != null) {
      ports
          .policies()
          .current(curated.name())
          .ifPresent(
              policy -> {
                GovernancePolicy copy = policy.forSource(raw.name());
                boolean same =
                    ports
                        .policies()
                        .current(raw.name())
                        .map(p -> p.forSource(raw.name()).sameRules(copy))
                        .orElse(false);
                if (!same) {
                  ports.policies().publish(copy, "parlance-bench");
                }
              });
    }
    return raw;
  }
}
