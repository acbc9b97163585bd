package dev.parlance.application.evaluation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of a pipeline evaluation: each strategy's run, and all runs together (the same as the
 * only run when there is one).
 */
public record PipelineEvaluation(List<StrategyRun> runs, StrategyRun overall) {

  public PipelineEvaluation {
    runs = List.copyOf(runs);
    Objects.requireNonNull(overall, "overall");
  }

  /**
   * With another series reported beside the runs (a vote across them): the overall scores stay the
   * runs', its state joins theirs so that a run waiting for its batch is not complete.
   */
  PipelineEvaluation beside(StrategyRun series) {
    List<StrategyRun> all = new java.util.ArrayList<>(runs);
    all.add(series);
    StrategyRun o = overall;
    return new PipelineEvaluation(
        all,
        new StrategyRun(
            o.strategy(),
            o.report(),
            o.bySemantics(),
            o.answers(),
            o.metrics(),
            o.state().plus(series.state())));
  }

  /**
   * One strategy's run over the questions, scored.
   *
   * @param strategy the strategy's label ({@code direct+c3} for runs taken together)
   * @param report the scores under the run's semantics, over the finished and the skipped questions
   * @param bySemantics the overall scores under each semantics reported, by label
   * @param answers every finished answer, scored, in question order
   */
  public record StrategyRun(
      String strategy,
      EvaluationReport report,
      Map<String, Tally> bySemantics,
      List<ScoredAnswer> answers,
      PipelineMetrics metrics,
      RunState state) {
    public StrategyRun {
      bySemantics = Collections.unmodifiableMap(new LinkedHashMap<>(bySemantics));
      answers = List.copyOf(answers);
    }
  }

  /**
   * How far a run is, after this invocation.
   *
   * @param log where its answers are logged
   * @param questions questions in the run
   * @param finished questions with a logged answer
   * @param skipped questions on a missing database (never asked, counted)
   * @param resumed answers logged by earlier invocations
   * @param askedNow answers logged by this invocation
   * @param waiting questions waiting for an offline batch's results
   * @param unfinished questions left for another invocation (the model was unavailable)
   * @param stopped why this invocation stopped before the end, if it did
   */
  public record RunState(
      String log,
      int questions,
      int finished,
      int skipped,
      int resumed,
      int askedNow,
      int waiting,
      int unfinished,
      Optional<String> stopped) {

    public RunState {
      Objects.requireNonNull(log, "log");
      stopped = Objects.requireNonNullElse(stopped, Optional.empty());
    }

    /** Every question has an answer or was skipped. */
    public boolean complete() {
      return finished + skipped >= questions;
    }

    RunState plus(RunState o) {
      return new RunState(
          log + ", " + o.log,
          questions + o.questions,
          finished + o.finished,
          skipped + o.skipped,
          resumed + o.resumed,
          askedNow + o.askedNow,
          waiting + o.waiting,
          unfinished + o.unfinished,
          stopped.or(o::stopped));
    }
  }
}
