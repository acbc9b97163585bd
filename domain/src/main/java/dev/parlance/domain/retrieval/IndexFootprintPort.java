package dev.parlance.domain.retrieval;

import java.util.OptionalLong;

/** What an index occupies, for capacity planning ({@code bench index-scale}). */
@FunctionalInterface
public interface IndexFootprintPort {

  Footprint footprint();

  /**
   * @param diskBytes the index files of every source (primaries only on a cluster)
   * @param documents the indexed documents of every source
   * @param serverHeapBytes the heap in use on the index's own servers, when it runs apart from
   *     Parlance (empty for an embedded index, whose heap is Parlance's)
   */
  record Footprint(long diskBytes, long documents, OptionalLong serverHeapBytes) {}
}
