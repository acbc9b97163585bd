package dev.parlance.application.benchmark;

import dev.parlance.domain.retrieval.IndexFootprintPort.Footprint;
import java.util.List;

/**
 * What {@code bench index-scale} measured.
 *
 * @param elementsPerSource tables, columns (and nothing else) of one synthetic source
 * @param ingestSeconds wall time to index every source, embeddings excluded (they are reused)
 * @param oneSource a question's two first searches (k-NN and BM25, 100 each) in one source
 * @param allSources the same two searches over every source at once
 * @param defaultRetrieval Parlance's whole default ranking of a question in one source
 */
public record IndexScaleBenchmarkReport(
    int sources,
    int tablesPerSource,
    int columnsPerSource,
    int elementsPerSource,
    String model,
    double ingestSeconds,
    Latency oneSource,
    Latency allSources,
    Latency defaultRetrieval,
    Footprint footprint,
    List<String> notes) {

  public IndexScaleBenchmarkReport {
    notes = List.copyOf(notes);
  }

  public long elements() {
    return (long) sources * elementsPerSource;
  }

  public long columns() {
    return (long) sources * columnsPerSource;
  }

  public double elementsPerSecond() {
    return ingestSeconds <= 0 ? 0 : elements() / ingestSeconds;
  }

  /** Latency per question, in milliseconds, over {@code samples} timed questions. */
  public record Latency(int samples, double p50Ms, double p95Ms) {}
}
