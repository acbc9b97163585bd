package dev.parlance.web.sources;

import dev.parlance.application.source.IndexSourceUseCase;
import dev.parlance.application.source.UseSourcesUseCase.SourceSummary;

/**
 * A source as the API shows it: its name, its dialect, how far its indexes are, and (to admins
 * only) its JDBC URL.
 */
public record SourceJson(String name, String dialect, IndexJson index, String url) {

  static SourceJson of(SourceSummary source) {
    return new SourceJson(
        source.name(),
        source.dialect().name().toLowerCase(java.util.Locale.ROOT),
        IndexJson.of(source.index()),
        source.url().orElse(null));
  }

  /**
   * The indexes' state: {@code ready}, {@code indexing} (with the stage and how much of it is done)
   * or {@code not_ready} (with the reason).
   */
  public record IndexJson(String state, String stage, Long done, Long total, String reason) {

    static IndexJson of(IndexSourceUseCase.IndexState state) {
      return switch (state) {
        case IndexSourceUseCase.Ready r -> new IndexJson("ready", null, null, null, null);
        case IndexSourceUseCase.Indexing i ->
            new IndexJson("indexing", i.stage(), i.done(), i.total(), null);
        case IndexSourceUseCase.NotReady n ->
            new IndexJson("not_ready", null, null, null, n.reason());
      };
    }
  }
}
