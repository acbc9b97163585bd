package dev.parlance.domain.governance;

import dev.parlance.domain.source.DataSource;
import java.util.Optional;

/**
 * The hook through which curated, LLM-friendly views reach execution: a relation name that is
 * neither a CTE nor a table of the source is looked up here, and its definition becomes a {@code
 * WITH} clause of the statement that runs. The definition's own tables are governed like any other,
 * so a view cannot escape row filters or masks. The curation issue provides the views; until then
 * there are none.
 */
@FunctionalInterface
public interface ViewExpansion {

  Optional<ViewDefinition> find(DataSource source, String name);

  /** A view known by name, defined by one query over the source's tables (or other views). */
  record ViewDefinition(String name, String sql) {
    public ViewDefinition {
      if (name == null || name.isBlank() || sql == null || sql.isBlank()) {
        throw new IllegalArgumentException("a view needs a name and a defining query");
      }
    }
  }

  static ViewExpansion none() {
    return (source, name) -> Optional.empty();
  }
}
