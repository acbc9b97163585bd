package dev.parlance.application.curation;

import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.governance.ViewExpansion;
import dev.parlance.domain.source.DataSource;
import java.util.Optional;

/**
 * The governed execution's view hook, filled: a name that is no table of the source is looked up
 * among the views of the source's published curation, and its definition (for the source's dialect)
 * becomes a {@code WITH} clause. Views a steward marked as existing in the database are not
 * expanded: the database runs them.
 */
public final class CuratedViewExpansion implements ViewExpansion {

  private final PublishedCurationPort curations;

  public CuratedViewExpansion(PublishedCurationPort curations) {
    this.curations = curations;
  }

  @Override
  public Optional<ViewDefinition> find(DataSource source, String name) {
    return curations
        .published(source.name())
        .flatMap(v -> v.curation().expansion().find(source, name));
  }
}
