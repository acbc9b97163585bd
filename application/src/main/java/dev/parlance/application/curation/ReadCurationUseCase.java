package dev.parlance.application.curation;

import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationVersion;
import java.util.List;

/** Reads a source's curation: any version or the draft, its history, diffs, its file. */
public interface ReadCurationUseCase {

  /**
   * @throws IllegalArgumentException when the source has no such draft or version
   */
  Curation curation(String source, CurationRef ref);

  List<CurationVersion> history(String source);

  CurationDiff diff(String source, CurationRef from, CurationRef to);

  /** The curation as its file (YAML), round-trip safe with import. */
  String export(String source, CurationRef ref);
}
