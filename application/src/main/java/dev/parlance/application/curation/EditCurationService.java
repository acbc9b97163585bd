package dev.parlance.application.curation;

import dev.parlance.application.retrieval.UnknownSourceException;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationDraft;
import dev.parlance.domain.curation.CurationFilePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.function.UnaryOperator;

/** Keeps every change in the source's draft. */
public final class EditCurationService implements EditCurationUseCase {

  private final DataSourcesPort sources;
  private final CurationStorePort store;
  private final CurationFilePort files;

  public EditCurationService(
      DataSourcesPort sources, CurationStorePort store, CurationFilePort files) {
    this.sources = sources;
    this.store = store;
    this.files = files;
  }

  @Override
  public Curation workingCopy(String source) {
    requireSource(source);
    return store
        .draft(source)
        .map(CurationDraft::curation)
        .or(() -> store.published(source).map(CurationVersion::curation))
        .orElseGet(() -> Curation.empty(source));
  }

  @Override
  public CurationDraft change(String source, String editor, UnaryOperator<Curation> change) {
    Curation changed = change.apply(workingCopy(source));
    if (!changed.source().equals(source)) {
      throw new IllegalArgumentException("a change may not move a curation to another source");
    }
    return store.saveDraft(changed, basedOn(source), editor);
  }

  @Override
  public CurationDraft importFile(String source, String text, String editor) {
    requireSource(source);
    Curation read = files.read(text);
    if (!read.source().equals(source)) {
      read = read.forSource(source);
    }
    return store.saveDraft(read, basedOn(source), editor);
  }

  @Override
  public void discard(String source) {
    requireSource(source);
    store.discardDraft(source);
  }

  private int basedOn(String source) {
    return store
        .draft(source)
        .map(CurationDraft::basedOn)
        .orElseGet(() -> store.published(source).map(CurationVersion::version).orElse(0));
  }

  private void requireSource(String source) {
    if (sources.find(source).isEmpty()) {
      throw new UnknownSourceException(source);
    }
  }
}
