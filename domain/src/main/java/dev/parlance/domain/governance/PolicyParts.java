package dev.parlance.domain.governance;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A policy's parts, to copy it with some of them changed: every policy built from them goes through
 * the policy's constructor and its checks again.
 */
final class PolicyParts {
  String source;
  int version;
  Set<String> allowedSchemas;
  Set<String> allowedTables;
  int rowCap;
  Duration timeout;
  Map<String, Duration> roleTimeouts;
  OptionalDouble costCeiling;
  List<RowFilter> rowFilters;
  List<ColumnRule> columnRules;
  String editedBy;
  Instant editedAt;

  PolicyParts(GovernancePolicy p) {
    source = p.source();
    version = p.version();
    allowedSchemas = p.allowedSchemas();
    allowedTables = p.allowedTables();
    rowCap = p.rowCap();
    timeout = p.timeout();
    roleTimeouts = p.roleTimeouts();
    costCeiling = p.costCeiling();
    rowFilters = p.rowFilters();
    columnRules = p.columnRules();
    editedBy = p.editedBy();
    editedAt = p.editedAt();
  }

  GovernancePolicy policy() {
    return new GovernancePolicy(
        source,
        version,
        allowedSchemas,
        allowedTables,
        rowCap,
        timeout,
        roleTimeouts,
        costCeiling,
        rowFilters,
        columnRules,
        editedBy,
        editedAt);
  }
}
