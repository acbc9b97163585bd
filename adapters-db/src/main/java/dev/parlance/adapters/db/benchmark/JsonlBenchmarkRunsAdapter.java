package dev.parlance.adapters.db.benchmark;

import dev.parlance.domain.evaluation.BenchmarkRunsPort;
import dev.parlance.domain.evaluation.PipelineRunLogPort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;

/**
 * Runs in folders under one root: {@code ROOT/RUN/STRATEGY.jsonl}; a run started over keeps its old
 * log beside the new one as {@code STRATEGY.jsonl.<time>.old}.
 */
final class JsonlBenchmarkRunsAdapter implements BenchmarkRunsPort {

  private final Path root;
  private final Clock clock;

  JsonlBenchmarkRunsAdapter(Path root, Clock clock) {
    this.root = root;
    this.clock = clock;
  }

  private Path folder(String run) {
    Path folder = root.resolve(run).normalize();
    if (!folder.getParent().equals(root.normalize())) {
      throw new IllegalArgumentException("a run's name names one folder: " + run);
    }
    return folder;
  }

  @Override
  public String location(String run) {
    return folder(run).toString();
  }

  @Override
  public PipelineRunLogPort open(String run, String strategy) {
    return new JsonlRunLogAdapter(folder(run).resolve(strategy + ".jsonl"));
  }

  @Override
  public void setAside(String run, String strategy) {
    Path log = folder(run).resolve(strategy + ".jsonl");
    if (!Files.exists(log)) {
      return;
    }
    String stamp = clock.instant().toString().replace(':', '-');
    try {
      Files.move(
          log,
          log.resolveSibling(strategy + ".jsonl." + stamp + ".old"),
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("could not set the run log " + log + " aside", e);
    }
  }
}
