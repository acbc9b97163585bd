package dev.parlance.adapters.db.governance;

import static dev.parlance.adapters.db.governance.SqlNames.quote;

import dev.parlance.adapters.db.governance.PolicyRewrite.Access;
import dev.parlance.adapters.db.governance.PolicyRewrite.TempView;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import net.sf.jsqlparser.schema.Table;

/**
 * How the engine reads a relation the policy allows ({@link PolicyRewrite.Access}): the table
 * itself, schema-qualified; PostgreSQL's masking view for the user's profile; or a SQLite TEMP view
 * that filters and masks, made once per relation and statement.
 */
final class RelationAccess {

  private final DataSource source;
  private final GovernancePolicy policy;
  private final UserIdentity user;
  private final Restrictions restrictions;
  private final Access access;
  private final ExecutorService parser;
  private final String token;
  private final Map<String, TempView> tempViews = new LinkedHashMap<>();

  RelationAccess(
      DataSource source,
      GovernancePolicy policy,
      UserIdentity user,
      Restrictions restrictions,
      Access access,
      ExecutorService parser,
      String token) {
    this.source = source;
    this.policy = policy;
    this.user = user;
    this.restrictions = restrictions;
    this.access = access;
    this.parser = parser;
    this.token = token;
  }

  /** What the statement reads instead of {@code relation}, as this engine enforces the policy. */
  Table replacement(Relations.Relation relation, Map<String, ColumnRule> columnRules) {
    return switch (access) {
      case SQLITE_TEMP_VIEWS -> sqliteAccess(relation, columnRules);
      case POSTGRES_PROVISIONED -> postgresAccess(relation);
      case PLAIN -> plainAccess(relation);
    };
  }

  /** The TEMP views made so far, in the order the statement first read their relations. */
  List<TempView> views() {
    return List.copyOf(tempViews.values());
  }

  private Table plainAccess(Relations.Relation relation) {
    if (restrictions.restricts(relation)) {
      // the executor refuses restricted users on engines that cannot enforce; never reached
      throw new Deny(
          RefusalKind.UNENFORCEABLE_POLICY,
          "the database of source '"
              + source.name()
              + "' cannot enforce the row filters or column rules on "
              + relation.name());
    }
    return qualified(relation);
  }

  static Table qualified(Relations.Relation relation) {
    return relation.schema() == null
        ? new Table(quote(relation.name()))
        : new Table(quote(relation.schema()), quote(relation.name()));
  }

  private Table postgresAccess(Relations.Relation relation) {
    if (!PostgresGovernance.maskedTables(policy)
        .contains(relation.name().toLowerCase(Locale.ROOT))) {
      // rows: the table's row-level security reads the request's signed context
      return qualified(relation);
    }
    return new Table(
        quote(PostgresGovernance.VIEW_SCHEMA),
        quote(PostgresGovernance.profileView(policy, user, relation.schema(), relation.name())));
  }

  private Table sqliteAccess(Relations.Relation relation, Map<String, ColumnRule> columnRules) {
    if (!restrictions.restricts(relation)) {
      return qualified(relation);
    }
    String key = relation.name().toLowerCase(Locale.ROOT);
    TempView view = tempViews.get(key);
    if (view == null) {
      List<String> predicates = restrictions.predicates(relation);
      StringBuilder body = new StringBuilder("SELECT ");
      List<String> items = new ArrayList<>();
      for (String column : relation.columns()) {
        ColumnRule rule = columnRules.get(column.toLowerCase(Locale.ROOT));
        if (rule == null) {
          items.add(quote(column));
        } else if (rule.treatment() == ColumnTreatment.MASK) {
          items.add("(" + rule.maskSql() + ") AS " + quote(column));
        }
      }
      body.append(String.join(", ", items)).append(" FROM main.").append(quote(relation.name()));
      for (int i = 0; i < predicates.size(); i++) {
        body.append(i == 0 ? " WHERE " : " AND ").append('(').append(predicates.get(i)).append(')');
      }
      // LIMIT with OFFSET keeps SQLite from flattening the view into the query or pushing the
      // query's conditions into it: they only ever see rows the view lets through.
      body.append(" LIMIT -1 OFFSET 0");
      checkPolicySql(relation, body.toString());
      view = new TempView(relation.name() + "__" + token, relation.name(), body.toString());
      tempViews.put(key, view);
    }
    return new Table("temp", quote(view.name()));
  }

  // The steward's filters and masks must parse on their own, so a broken policy is a clear refusal.
  private void checkPolicySql(Relations.Relation relation, String sql) {
    try {
      StatementScreen.parse(
          sql, source.dialect(), SqlLexer.scan(sql, source.dialect()).maxDepth(), parser);
    } catch (Deny d) {
      throw new Deny(
          RefusalKind.UNPARSABLE,
          "the policy's row filter or mask for "
              + relation.name()
              + " does not parse ("
              + d.refusal().reason()
              + "); ask a steward to fix the policy");
    }
  }
}
