package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.SchemaElement;
import java.util.List;

/**
 * The columns chosen for a question, best first, with the score that ranked each.
 *
 * @param lexicalOnly whether they were ranked by their words alone because the source's vectors are
 *     still being computed (its lexical index came first)
 */
public record SchemaSelection(List<Pick> columns, boolean lexicalOnly) {

  public SchemaSelection {
    columns = List.copyOf(columns);
  }

  public SchemaSelection(List<Pick> columns) {
    this(columns, false);
  }

  /** One chosen column and its score (comparable only within one selection). */
  public record Pick(SchemaElement element, double score) {}

  public List<String> columnIds() {
    return columns.stream().map(p -> p.element().id()).toList();
  }
}
