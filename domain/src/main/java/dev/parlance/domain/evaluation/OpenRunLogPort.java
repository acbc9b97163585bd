package dev.parlance.domain.evaluation;

import java.nio.file.Path;

/** Opens the durable log of one pipeline run over a benchmark, creating it when it is new. */
@FunctionalInterface
public interface OpenRunLogPort {

  PipelineRunLogPort open(Path file);
}
