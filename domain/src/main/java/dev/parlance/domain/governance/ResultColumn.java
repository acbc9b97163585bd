package dev.parlance.domain.governance;

/** A column of a query result: its label and the database's type name. */
public record ResultColumn(String name, String type) {
  public ResultColumn {
    name = name == null ? "" : name;
    type = type == null ? "" : type;
  }
}
