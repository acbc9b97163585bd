package dev.parlance.application.explore;

import dev.parlance.domain.curation.ValueLabel;
import dev.parlance.domain.governance.UserIdentity;
import java.util.List;

/**
 * A source's vocabulary as one user may see it: the published views (or, without a published
 * curation, the tables), their columns and what they mean in the users' words, searchable. The
 * user's policy decides: relations it refuses and columns it hides are not listed. No values are
 * read for it (sample values could show rows the user may not see).
 */
@FunctionalInterface
public interface BrowseCatalogUseCase {

  /** The longest search text accepted. */
  int MAX_QUERY = 200;

  /**
   * @param query words that must all appear in a view's or column's name, description or value
   *     labels; blank lists everything
   * @throws dev.parlance.application.access.AccessDeniedException when the user may not use the
   *     source
   * @throws dev.parlance.application.retrieval.UnknownSourceException for an unknown source
   * @throws IllegalArgumentException when the query is longer than {@link #MAX_QUERY}
   */
  SourceCatalog catalog(UserIdentity user, String source, String query);

  /**
   * @param curated whether the source has a published curation (else its tables are listed as the
   *     database names them)
   * @param total how many views and tables the user may see, before the search
   */
  record SourceCatalog(
      String source, String query, boolean curated, int total, List<Entry> entries) {
    public SourceCatalog {
      entries = List.copyOf(entries);
    }
  }

  /**
   * @param kind {@code view} for a curated view, {@code table} for a base table
   * @param columns the columns that matched the search (all of them when the entry itself did)
   */
  record Entry(String name, String kind, String description, List<EntryColumn> columns) {
    public Entry {
      columns = List.copyOf(columns);
    }
  }

  /**
   * @param description what the column holds (with its unit and synonyms), in the users' words
   * @param values the steward's value dictionary, code → label (may be empty)
   * @param valueText what the values mean as one line, when there is no dictionary of the steward
   */
  record EntryColumn(
      String name, String type, String description, List<ValueLabel> values, String valueText) {
    public EntryColumn {
      values = List.copyOf(values);
    }
  }
}
