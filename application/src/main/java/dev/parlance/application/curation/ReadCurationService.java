package dev.parlance.application.curation;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDiff;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.List;

/** Reads curations from the store. */
public final class ReadCurationService implements ReadCurationUseCase {

  private final DataSourcesPort sources;
  private final CurationStorePort store;
  private final CurationFilePort files;

  public ReadCurationService(
      DataSourcesPort sources, CurationStorePort store, CurationFilePort files) {
    this.sources = sources;
    this.store = store;
    this.files = files;
  }

  @Override
  public Curation curation(String source, CurationRef ref) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    return switch (ref) {
      case CurationRef.Draft d ->
          store
              .draft(source)
              .map(CurationDraft::curation)
              .orElseThrow(
                  () -> new IllegalArgumentException("source " + source + " has no draft"));
      case CurationRef.Published p ->
          store
              .published(source)
              .map(CurationVersion::curation)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "source " + source + " has no published curation"));
      case CurationRef.Version v ->
          store
              .version(source, v.number())
              .map(CurationVersion::curation)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "source " + source + " has no published version " + v.number()));
    };
  }

  @Override
  public List<CurationVersion> history(String source) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
    return store.history(source);
  }

  @Override
  public CurationDiff diff(String source, CurationRef from, CurationRef to) {
    return CurationDiff.between(curation(source, from), curation(source, to));
  }

  @Override
  public String export(String source, CurationRef ref) {
    return files.write(curation(source, ref));
  }
}
