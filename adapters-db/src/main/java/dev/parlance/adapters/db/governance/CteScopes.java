package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlNames.unquote;

import dev.parlance.domain.governance.RefusalKind;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The WITH names in scope while the policy walk descends, innermost last: a CTE is visible in its
 * own WITH clause and the query it belongs to, not elsewhere in the statement (a curated view of
 * the same name is). A CTE may not shadow a relation, so a name means one thing everywhere.
 */
final class CteScopes {

  private final Relations relations;
  private Deque<Set<String>> scopes = new ArrayDeque<>();

  CteScopes(Relations relations) {
    this.relations = relations;
  }

  void declare(WithItem<?> w, Set<String> scope) {
    String name = unquote(w.getAlias().getName()).toLowerCase(Locale.ROOT);
    if (relations.resolve(null, name, false).isPresent()) {
      throw new Deny(
          RefusalKind.FORBIDDEN_RELATION,
          "the WITH clause names '"
              + name
              + "' like a table of the source; give the CTE another name");
    }
    scope.add(name);
  }

  boolean contains(String name) {
    String key = name.toLowerCase(Locale.ROOT);
    for (Set<String> scope : scopes) {
      if (scope.contains(key)) {
        return true;
      }
    }
    return false;
  }

  void push(Set<String> scope) {
    scopes.addLast(scope);
  }

  void pop() {
    scopes.removeLast();
  }

  // For a curated view's body, which sees none of the user's CTEs.
  Deque<Set<String>> setAside() {
    Deque<Set<String>> user = scopes;
    scopes = new ArrayDeque<>();
    return user;
  }

  void restore(Deque<Set<String>> user) {
    scopes = user;
  }
}
