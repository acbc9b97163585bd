package dev.parlance.application.retrieval;

import dev.parlance.domain.retrieval.SchemaElement;
import java.util.List;

/** The columns chosen for a question, best first, with the score that ranked each. */
public record SchemaSelection(List<Pick> columns) {

  public SchemaSelection {
    columns = List.copyOf(columns);
  }

  /** One chosen column and its score (comparable only within one selection). */
  public record Pick(SchemaElement element, double score) {}

  public List<String> columnIds() {
    return columns.stream().map(p -> p.element().id()).toList();
  }
}
