package dev.parlance.adapters.db.store;

import dev.parlance.domain.governance.ActionTaken;
import dev.parlance.domain.governance.AuditEntry;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.QueryAttempted;
import dev.parlance.domain.governance.RowFilter;
import dev.parlance.domain.source.Credentials;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.Dialect;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;

/** Maps between the store's entities and the domain's records; domain objects are rebuilt whole. */
final class StoreMapper {
  private StoreMapper() {}

  static final int MAX_SQL = 200_000;
  static final int MAX_DETAIL = 20_000;

  static void copy(DataSource source, DataSourceEntity e) {
    e.name = source.name();
    e.jdbcUrl = source.jdbcUrl();
    e.dialect = source.dialect().name();
    e.userVariable = null;
    e.passwordVariable = null;
    e.credentialsFile = null;
    switch (source.credentials()) {
      case Credentials.None none -> e.credentialsKind = "NONE";
      case Credentials.FromEnvironment env -> {
        e.credentialsKind = "ENVIRONMENT";
        e.userVariable = blankToNull(env.userVariable());
        e.passwordVariable = blankToNull(env.passwordVariable());
      }
      case Credentials.FromFile file -> {
        e.credentialsKind = "FILE";
        e.credentialsFile = file.path();
      }
    }
  }

  static DataSource toDomain(DataSourceEntity e) {
    Credentials credentials =
        switch (e.credentialsKind) {
          case "ENVIRONMENT" -> new Credentials.FromEnvironment(e.userVariable, e.passwordVariable);
          case "FILE" -> new Credentials.FromFile(e.credentialsFile);
          default -> Credentials.none();
        };
    return new DataSource(e.name, e.jdbcUrl, Dialect.valueOf(e.dialect), credentials);
  }

  static PolicyEntity toEntity(GovernancePolicy p) {
    PolicyEntity e = new PolicyEntity();
    e.sourceName = p.source();
    e.version = p.version();
    e.rowCap = p.rowCap();
    e.timeoutMs = p.timeout().toMillis();
    p.roleTimeouts().forEach((role, limit) -> e.roleTimeoutsMs.put(role, limit.toMillis()));
    e.costCeiling = p.costCeiling().isPresent() ? p.costCeiling().getAsDouble() : null;
    e.editedBy = p.editedBy();
    e.editedAt = p.editedAt();
    e.allowedSchemas.addAll(p.allowedSchemas());
    e.allowedTables.addAll(p.allowedTables());
    for (RowFilter f : p.rowFilters()) {
      PolicyEntity.RowFilterEmbeddable r = new PolicyEntity.RowFilterEmbeddable();
      r.role = f.role();
      r.table = f.table();
      r.predicate = f.predicate();
      r.followForeignKeys = f.followForeignKeys();
      e.rowFilters.add(r);
    }
    for (ColumnRule c : p.columnRules()) {
      PolicyEntity.ColumnRuleEmbeddable r = new PolicyEntity.ColumnRuleEmbeddable();
      r.role = c.role();
      r.table = c.table();
      r.column = c.column();
      r.treatment = c.treatment().name();
      r.maskSql = c.maskSql();
      e.columnRules.add(r);
    }
    return e;
  }

  static GovernancePolicy toDomain(PolicyEntity e) {
    return new GovernancePolicy(
        e.sourceName,
        e.version,
        Set.copyOf(e.allowedSchemas),
        Set.copyOf(e.allowedTables),
        e.rowCap,
        Duration.ofMillis(e.timeoutMs),
        e.roleTimeoutsMs.entrySet().stream()
            .collect(Collectors.toMap(Map.Entry::getKey, t -> Duration.ofMillis(t.getValue()))),
        e.costCeiling == null ? OptionalDouble.empty() : OptionalDouble.of(e.costCeiling),
        e.rowFilters.stream()
            .map(r -> new RowFilter(r.role, r.table, r.predicate, r.followForeignKeys))
            .toList(),
        e.columnRules.stream()
            .map(
                r ->
                    new ColumnRule(
                        r.role, r.table, r.column, ColumnTreatment.valueOf(r.treatment), r.maskSql))
            .toList(),
        e.editedBy,
        e.editedAt);
  }

  static AuditRecordEntity toEntity(QueryAttempted a) {
    AuditRecordEntity e = new AuditRecordEntity();
    e.occurredAt = a.at();
    e.userName = cut(a.user(), 200);
    e.roles = cut(a.roles().stream().sorted().collect(Collectors.joining(",")), 2000);
    e.sourceName = cut(a.source(), 200);
    e.sqlAsked = cut(a.sqlAsked(), MAX_SQL);
    e.sqlRun = a.sqlRun().map(s -> cut(s, MAX_SQL)).orElse(null);
    e.outcome = a.outcome().name();
    e.detail = cut(a.detail(), MAX_DETAIL);
    e.rowCount = a.rows();
    e.truncated = a.truncated();
    e.elapsedMs = a.elapsedMs();
    e.policyVersion = a.policyVersion();
    return e;
  }

  static QueryAttempted toDomain(AuditRecordEntity e) {
    return new QueryAttempted(
        e.occurredAt,
        e.userName,
        e.roles.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(e.roles.split(","))),
        e.sourceName,
        e.sqlAsked,
        Optional.ofNullable(e.sqlRun),
        QueryAttempted.Outcome.valueOf(e.outcome),
        e.detail,
        e.rowCount,
        e.truncated,
        e.elapsedMs,
        e.policyVersion);
  }

  static AuditRecordEntity toEntity(ActionTaken a) {
    AuditRecordEntity e = new AuditRecordEntity();
    e.occurredAt = a.at();
    e.userName = cut(a.user(), 200);
    e.roles = cut(a.roles().stream().sorted().collect(Collectors.joining(",")), 2000);
    e.sourceName = cut(a.source(), 200);
    e.sqlAsked = "";
    e.outcome = AuditEntry.DONE.toUpperCase(java.util.Locale.ROOT);
    e.detail = cut(a.detail(), MAX_DETAIL);
    e.action = a.action();
    return e;
  }

  static AuditEntry toEntry(AuditRecordEntity e) {
    return new AuditEntry(
        e.id,
        e.occurredAt,
        e.userName,
        e.roles.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(e.roles.split(","))),
        e.sourceName,
        e.action,
        e.outcome.toLowerCase(java.util.Locale.ROOT),
        e.detail,
        e.sqlAsked,
        Optional.ofNullable(e.sqlRun),
        e.rowCount,
        e.truncated,
        e.elapsedMs,
        e.policyVersion);
  }

  static Instant now() {
    return Instant.now();
  }

  private static String cut(String s, int max) {
    return s == null || s.length() <= max ? s : s.substring(0, max);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
