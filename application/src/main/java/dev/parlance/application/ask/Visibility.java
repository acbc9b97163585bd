package dev.parlance.application.ask;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.Names;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one user may see of a catalog under a policy: refused relations and hidden columns are gone
 * before any prompt is built, so no prompt names what execution would refuse; the catalog a user
 * browses is cut the same way. Which <em>values</em> (rows) the user may see is not decided here:
 * {@link VisibleValues} asks governed execution, which knows every filter, declared or followed.
 *
 * <p>A table's schema is the one its name gives ({@code sales.orders}), else the dialect's default
 * schema ({@code public}, {@code main}, {@code PUBLIC}), where a catalog's unqualified names live
 * and where governed execution resolves them: a policy's {@code allowed_schemas} cuts the catalog
 * as execution would refuse.
 */
public final class Visibility {

  private final GovernancePolicy policy;
  private final UserIdentity user;
  private final String defaultSchema;

  /**
   * @param dialect the source's dialect, whose default schema holds the catalog's unqualified names
   */
  public Visibility(GovernancePolicy policy, UserIdentity user, Dialect dialect) {
    this.policy = policy;
    this.user = user;
    this.defaultSchema = dialect.defaultSchema();
  }

  public SchemaCatalog visible(SchemaCatalog catalog) {
    List<Table> tables = new ArrayList<>();
    for (Table t : catalog.tables()) {
      if (!policy.allowsRelation(schema(t.name()), name(t.name()), t.kind() == TableKind.VIEW)) {
        continue;
      }
      Map<String, ColumnRule> rules = rules(t.name());
      List<Column> columns =
          t.columns().stream()
              .filter(
                  c -> {
                    ColumnRule r = rules.get(Names.key(c.name()));
                    return r == null || r.treatment() != ColumnTreatment.HIDE;
                  })
              .toList();
      if (!columns.isEmpty()) {
        tables.add(t.withColumns(columns));
      }
    }
    return new SchemaCatalog(catalog.source(), tables);
  }

  boolean masked(String table, String column) {
    ColumnRule r = rules(table).get(Names.key(column));
    return r != null && r.treatment() == ColumnTreatment.MASK;
  }

  private Map<String, ColumnRule> rules(String table) {
    return policy.columnRulesFor(user, schema(table), name(table));
  }

  private String schema(String qualified) {
    int dot = qualified.indexOf('.');
    return dot < 0 ? defaultSchema : qualified.substring(0, dot);
  }

  private static String name(String qualified) {
    int dot = qualified.indexOf('.');
    return dot < 0 ? qualified : qualified.substring(dot + 1);
  }
}
