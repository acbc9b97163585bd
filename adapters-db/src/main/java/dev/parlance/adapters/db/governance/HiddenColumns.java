package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlNames.unquote;

import dev.parlance.domain.governance.RefusalKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;

/**
 * The columns the policy hides from the user, by the alias or name of the relation they belong to,
 * and the column references of the statement, refused when one names a hidden column.
 */
final class HiddenColumns {

  private final Map<String, Set<String>> hiddenByAlias = new HashMap<>();
  private final List<Column> columns = new ArrayList<>();

  /** The columns hidden from the user in a relation read under {@code alias}. */
  void hide(String alias, String relation, Set<String> hidden) {
    hiddenByAlias.computeIfAbsent(alias, k -> new HashSet<>()).addAll(hidden);
    hiddenByAlias
        .computeIfAbsent(relation.toLowerCase(Locale.ROOT), k -> new HashSet<>())
        .addAll(hidden);
  }

  /** A column reference of the statement, checked once the whole statement is walked. */
  void referenced(Column column) {
    columns.add(column);
  }

  void refuseHiddenColumns() {
    if (hiddenByAlias.isEmpty()) {
      return;
    }
    for (Column c : columns) {
      String name = c.getUnquotedColumnName().toLowerCase(Locale.ROOT);
      Table qualifier = c.getTable();
      if (qualifier != null && qualifier.getName() != null) {
        Set<String> hidden =
            hiddenByAlias.get(unquote(qualifier.getName()).toLowerCase(Locale.ROOT));
        if (hidden != null && hidden.contains(name)) {
          throw hiddenColumn(c);
        }
      } else {
        for (Set<String> hidden : hiddenByAlias.values()) {
          if (hidden.contains(name)) {
            throw hiddenColumn(c);
          }
        }
      }
    }
  }

  private static Deny hiddenColumn(Column c) {
    return new Deny(
        RefusalKind.HIDDEN_COLUMN,
        "column " + c.getFullyQualifiedName() + " is hidden from your roles by the policy");
  }
}
