package dev.parlance.application.curation;

import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.curation.CurationVersion;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.ViewInlining;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.values.ColumnValue;
import dev.parlance.domain.values.ReadColumnValuesPort;
import java.util.List;
import java.util.Optional;

/**
 * Reads the values of a curated source's catalog, whose views exist only as definitions: each
 * statement gets the {@code WITH} items of the views it names (as governed execution expands them),
 * so the value index holds the views' values, not nothing. Who may see a value is decided when it
 * is shown ({@code VisibleValues}), like every other value.
 */
public final class CuratedColumnValues implements ReadColumnValuesPort {

  private final ReadColumnValuesPort live;
  private final PublishedCurationPort curations;

  public CuratedColumnValues(ReadColumnValuesPort live, PublishedCurationPort curations) {
    this.live = live;
    this.curations = curations;
  }

  @Override
  public List<ColumnValue> read(
      DataSource source, SchemaCatalog catalog, int perColumn, int maxLength) {
    Optional<Curation> curation = curations.published(source.name()).map(CurationVersion::curation);
    if (curation.isEmpty()) {
      return live.read(source, catalog, perColumn, maxLength);
    }
    Curation c = curation.get();
    return live.read(
        source,
        catalog,
        sql -> ViewInlining.inline(c, source.dialect(), sql),
        perColumn,
        maxLength);
  }
}
