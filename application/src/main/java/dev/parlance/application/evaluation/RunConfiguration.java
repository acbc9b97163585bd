package dev.parlance.application.evaluation;

import dev.parlance.application.ask.StrategyName;
import dev.parlance.application.evaluation.EvaluatePipelineUseCase.Command;
import dev.parlance.domain.evaluation.EvaluationBenchmark;
import dev.parlance.domain.evaluation.PipelineAnswer;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** What makes two evaluation runs comparable, and a run's log opened (or resumed) under it. */
final class RunConfiguration {

  private RunConfiguration() {}

  // What makes two runs comparable; a log started with other values belongs to another run.
  static Map<String, String> of(
      Command command, EvaluationBenchmark benchmark, List<StrategyName> strategies) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("dataset", benchmark.name());
    c.put("gold", benchmark.goldRevision());
    if (command.vote()) {
      c.put(
          "strategy",
          EvaluatePipelineService.VOTE
              + ": "
              + strategies.stream().map(StrategyName::label).collect(Collectors.joining("+")));
      c.put("candidates", "1 per strategy");
    } else {
      c.put("strategy", strategies.getFirst().label());
      c.put("candidates", String.valueOf(command.candidates()));
    }
    c.put("evidence", String.valueOf(command.evidence()));
    c.put("user", command.user().name());
    // Absent from pipeline runs, so that their logs read as before.
    command
        .baseline()
        .ifPresent(
            b ->
                c.put(
                    "baseline",
                    "whole schema"
                        + (b.tokenLimit() > 0 ? ", at most " + b.tokenLimit() + " tokens" : "")));
    if (!command.ownExamples()) {
      c.put("own-examples", "hidden");
    }
    if (command.baseTablesOnly()) {
      c.put("curation", "off: base tables alone");
    }
    boolean rbSql = strategies.contains(StrategyName.RB_SQL);
    command
        .runIdentity()
        .forEach(
            (key, value) -> {
              if (!key.startsWith(EvaluatePipelineService.RB_SQL_ONLY)) {
                c.put(key, value);
              } else if (rbSql) {
                c.put(key.substring(EvaluatePipelineService.RB_SQL_ONLY.length()), value);
              }
            });
    // Absent when the sources' own examples are shown, so that such logs read as before.
    command
        .examples()
        .ifPresent(p -> c.put("example-pool", p.name() + " (" + p.size() + " examples)"));
    return c;
  }

  /**
   * The answers a run's log already holds; a new log starts with the configuration. A log started
   * with another configuration is refused ({@link RunConfigurationChangedException}).
   */
  static Map<String, PipelineAnswer> open(
      PipelineRunLogPort log, Map<String, String> configuration) {
    Optional<Map<String, String>> started = log.configuration();
    if (started.isEmpty()) {
      log.start(configuration);
      return new HashMap<>();
    }
    List<String> differences = new ArrayList<>();
    configuration.forEach(
        (key, value) -> {
          String was = started.get().get(key);
          if (!value.equals(was)) {
            differences.add(
                key
                    + " was "
                    + (was == null ? "not set" : "'" + was + "'")
                    + ", now '"
                    + value
                    + "'");
          }
        });
    if (!differences.isEmpty()) {
      throw new RunConfigurationChangedException(log.location(), String.join("; ", differences));
    }
    Map<String, PipelineAnswer> done = new HashMap<>();
    for (PipelineAnswer a : log.answers()) {
      done.put(a.questionId(), a);
    }
    return done;
  }
}
