package dev.parlance.application.source;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryOutcome;
import dev.parlance.domain.governance.RefusalKind;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import dev.parlance.domain.values.ColumnValue;
import dev.parlance.domain.values.ReadColumnValuesPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

/**
 * Reads a PostgreSQL source's values for the value index through governed execution, as {@link
 * #INDEXER}, an identity with no role: after {@code policy apply} the source's login role reads no
 * table by itself (the query role does, under the request context), so reading directly finds
 * nothing. The indexer reads what governed execution lets a role-less identity read — every row of
 * the allowed tables that no filter for every user ({@code *}) hides, no column hidden from
 * everyone — unprovisioned or provisioned alike. Who may see a value is still decided when it is
 * shown ({@code VisibleValues}, the user's own governed SQL), as for every other source. Other
 * dialects read directly, as before (their login keeps its rights), and so does a PostgreSQL source
 * whose policy is not provisioned yet (governed execution refuses it as unenforceable, while its
 * login role still reads every row).
 */
public final class GovernedColumnValues implements ReadColumnValuesPort {

  /** Who reads values for the index: Parlance itself, acting as no role. */
  public static final UserIdentity INDEXER = UserIdentity.of("parlance-index");

  private static final Logger LOG = Logger.getLogger(GovernedColumnValues.class.getName());

  private final ReadColumnValuesPort direct;
  private final ExecuteQueryPort execute;
  private final GovernancePoliciesPort policies;

  public GovernedColumnValues(
      ReadColumnValuesPort direct, ExecuteQueryPort execute, GovernancePoliciesPort policies) {
    this.direct = direct;
    this.execute = execute;
    this.policies = policies;
  }

  @Override
  public List<ColumnValue> read(
      DataSource source, SchemaCatalog catalog, int perColumn, int maxLength) {
    return read(source, catalog, sql -> sql, perColumn, maxLength);
  }

  @Override
  public List<ColumnValue> read(
      DataSource source,
      SchemaCatalog catalog,
      UnaryOperator<String> expansion,
      int perColumn,
      int maxLength) {
    if (source.dialect() != Dialect.POSTGRESQL) {
      return direct.read(source, catalog, expansion, perColumn, maxLength);
    }
    GovernancePolicy current =
        policies.current(source.name()).orElseGet(() -> GovernancePolicy.defaults(source.name()));
    // The row cap is no access rule (the digest the database holds ignores it): a column's
    // values are capped by perColumn, as when read directly.
    GovernancePolicy policy = current.withRowCap(Math.max(current.rowCap(), perColumn));
    List<ColumnValue> values = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    int columns = 0;
    for (Table table : catalog.tables()) {
      for (Column column : table.columns()) {
        if (!isText(column.type())) {
          continue;
        }
        columns++;
        String c = quoted(column.name());
        String sql =
            "SELECT DISTINCT "
                + c
                + " FROM "
                + relation(table.name())
                + " WHERE "
                + c
                + " IS NOT NULL AND LENGTH("
                + c
                + ") BETWEEN 1 AND "
                + maxLength
                + " LIMIT "
                + perColumn;
        QueryOutcome outcome;
        try {
          outcome = execute.execute(source, policy, INDEXER, expansion.apply(sql));
        } catch (IllegalArgumentException e) {
          failed.add(table.name() + "." + column.name() + " (" + e.getMessage() + ")");
          continue;
        }
        switch (outcome) {
          case QueryOutcome.Ran ran -> {
            for (List<Object> row : ran.result().rows()) {
              Object v = row.isEmpty() ? null : row.get(0);
              if (v != null && !v.toString().isBlank()) {
                values.add(new ColumnValue(table.name(), column.name(), v.toString()));
              }
            }
          }
          case QueryOutcome.Refused refused -> {
            if (refused.refusal().kind() == RefusalKind.UNENFORCEABLE_POLICY) {
              // Not provisioned yet ('policy apply' has not run): the login role still reads
              // every row itself, as the index did before provisioning existed.
              return direct.read(source, catalog, expansion, perColumn, maxLength);
            }
            failed.add(
                table.name() + "." + column.name() + " (" + refused.refusal().reason() + ")");
          }
          case QueryOutcome.Failed f ->
              failed.add(table.name() + "." + column.name() + " (" + f.message() + ")");
        }
      }
    }
    if (!failed.isEmpty()) {
      LOG.warning(
          "value index of source "
              + source.name()
              + ": "
              + failed.size()
              + " of "
              + columns
              + " text columns could not be read through governed execution and offer no"
              + " values: "
              + String.join(", ", failed.subList(0, Math.min(5, failed.size())))
              + (failed.size() > 5 ? ", …" : ""));
    }
    return values;
  }

  private static String relation(String name) {
    int dot = name.indexOf('.');
    return dot < 0
        ? quoted(name)
        : quoted(name.substring(0, dot)) + "." + quoted(name.substring(dot + 1));
  }

  private static String quoted(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  private static boolean isText(String type) {
    String t = type.toUpperCase(Locale.ROOT);
    return t.isEmpty()
        || t.contains("CHAR")
        || t.contains("TEXT")
        || t.contains("CLOB")
        || t.contains("STRING");
  }
}
