package dev.parlance.application.evaluation.report;

import dev.parlance.domain.completion.BatchStatus;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a run was made, as its report states it.
 *
 * @param mode {@code online} or {@code batch}
 * @param evidence whether BIRD's evidence was used; empty for datasets without it
 * @param batch the offline batch folder's state, when the run was made offline
 */
public record RunDescription(
    String run,
    String runDirectory,
    String model,
    String mode,
    int candidates,
    Optional<Boolean> evidence,
    Optional<BatchStatus> batch,
    Instant finished) {

  /** The note every report of an offline run carries. */
  public static final String REPLAY_NOTE =
      "answers replayed from batch results; latency measures the replay, not the model";

  public RunDescription {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(mode, "mode");
    evidence = Objects.requireNonNullElse(evidence, Optional.empty());
    batch = Objects.requireNonNullElse(batch, Optional.empty());
    Objects.requireNonNull(finished, "finished");
  }

  public boolean offline() {
    return mode.equals("batch");
  }
}
