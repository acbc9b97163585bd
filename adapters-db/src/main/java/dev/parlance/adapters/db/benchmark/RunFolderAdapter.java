package dev.parlance.adapters.db.benchmark;

import dev.parlance.domain.evaluation.ListBenchmarkRunsPort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Benchmark runs as {@code bench e2e} leaves them: one folder per run under the home's {@code
 * bench-runs}, a JSON Lines log per strategy and, once finished, {@code report.html}. A run's name
 * is a plain file name; anything else names no run.
 */
final class RunFolderAdapter implements ListBenchmarkRunsPort {

  static final String REPORT = "report.html";
  private static final Pattern RUN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,120}");

  private final Path root;

  RunFolderAdapter(Path root) {
    this.root = root;
  }

  @Override
  public List<BenchmarkRun> runs() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<BenchmarkRun> runs = new ArrayList<>();
    try (Stream<Path> folders = Files.list(root)) {
      for (Path folder : folders.filter(Files::isDirectory).toList()) {
        String name = folder.getFileName().toString();
        if (!RUN_NAME.matcher(name).matches()) {
          continue;
        }
        List<String> logs;
        Instant updated = Files.getLastModifiedTime(folder).toInstant();
        try (Stream<Path> files = Files.list(folder)) {
          List<Path> all = files.toList();
          logs =
              all.stream()
                  .map(p -> p.getFileName().toString())
                  .filter(f -> f.endsWith(".jsonl"))
                  .map(f -> f.substring(0, f.length() - ".jsonl".length()))
                  .sorted()
                  .toList();
          for (Path p : all) {
            Instant t = Files.getLastModifiedTime(p).toInstant();
            if (t.isAfter(updated)) {
              updated = t;
            }
          }
        }
        runs.add(
            new BenchmarkRun(name, updated, logs, Files.isRegularFile(folder.resolve(REPORT))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the benchmark runs in " + root, e);
    }
    runs.sort(
        Comparator.comparing(BenchmarkRun::updatedAt).reversed().thenComparing(BenchmarkRun::name));
    return runs;
  }

  @Override
  public Optional<String> reportHtml(String run) {
    if (run == null || !RUN_NAME.matcher(run).matches()) {
      return Optional.empty();
    }
    Path report = root.resolve(run).resolve(REPORT).normalize();
    if (!report.startsWith(root.normalize()) || !Files.isRegularFile(report)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Files.readString(report, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + report, e);
    }
  }
}
