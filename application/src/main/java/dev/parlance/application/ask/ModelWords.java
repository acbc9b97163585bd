package dev.parlance.application.ask;

import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.sql.SqlShape;

/** What a model said and what a query reads, in the words an answer shows a user. */
final class ModelWords {

  private ModelWords() {}

  /**
   * What a model said, as a user reads it: one line, without code fences or the labels of the
   * prompt's format, at most 400 characters.
   */
  static String said(String text) {
    if (text == null) {
      return "";
    }
    String plain =
        text.replaceAll("(?s)```[a-zA-Z]*", " ")
            .replaceAll("(?im)^\\s*(Explanation|Answer|SQLQuery|SQL)\\s*:", " ")
            .replaceAll("\\s+", " ")
            .strip();
    return plain.length() > 400 ? plain.substring(0, 399) + "…" : plain;
  }

  // When the model wrote no explanation: what the parse of the SQL says it reads.
  static String describe(SqlShape shape, QueryResult result) {
    StringBuilder s = new StringBuilder("The query reads ");
    if (shape == null || shape.tables().isEmpty()) {
      s.append("the source");
    } else {
      s.append(shape.tables().size() == 1 ? "table " : "tables ")
          .append(String.join(", ", shape.tables().stream().sorted().toList()));
      if (!shape.columns().isEmpty()) {
        s.append(" (columns ")
            .append(String.join(", ", shape.columns().stream().sorted().toList()))
            .append(')');
      }
    }
    s.append(" and returns ")
        .append(result.rowCount())
        .append(result.rowCount() == 1 ? " row" : " rows")
        .append(shape != null && shape.orderedAtTop() ? ", in the order it specifies." : ".");
    return s.toString();
  }
}
