package dev.parlance.adapters.db.curation;

import dev.parlance.domain.curation.CurationFilePort;

/** The one place that builds curation file readers and writers. */
public final class CurationFiles {
  private CurationFiles() {}

  public static CurationFilePort yaml() {
    return new YamlCurationFileAdapter();
  }
}
