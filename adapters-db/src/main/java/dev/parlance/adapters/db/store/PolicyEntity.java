package dev.parlance.adapters.db.store;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One published version of a source's governance policy; versions are never updated. */
@Entity
@Table(name = "governance_policy")
class PolicyEntity {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  Long id;

  @Column(name = "source_name", nullable = false)
  String sourceName;

  @Column(name = "version", nullable = false)
  int version;

  @Column(name = "row_cap", nullable = false)
  int rowCap;

  @Column(name = "timeout_ms", nullable = false)
  long timeoutMs;

  @Column(name = "cost_ceiling")
  Double costCeiling;

  @Column(name = "edited_by", nullable = false)
  String editedBy;

  @Column(name = "edited_at", nullable = false)
  Instant editedAt;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "policy_allowed_schema", joinColumns = @JoinColumn(name = "policy_id"))
  @Column(name = "schema_name")
  Set<String> allowedSchemas = new LinkedHashSet<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "policy_allowed_table", joinColumns = @JoinColumn(name = "policy_id"))
  @Column(name = "table_name")
  Set<String> allowedTables = new LinkedHashSet<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "policy_role_timeout", joinColumns = @JoinColumn(name = "policy_id"))
  @MapKeyColumn(name = "role_name")
  @Column(name = "timeout_ms", nullable = false)
  Map<String, Long> roleTimeoutsMs = new LinkedHashMap<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "policy_row_filter", joinColumns = @JoinColumn(name = "policy_id"))
  @OrderColumn(name = "position")
  List<RowFilterEmbeddable> rowFilters = new ArrayList<>();

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "policy_column_rule", joinColumns = @JoinColumn(name = "policy_id"))
  @OrderColumn(name = "position")
  List<ColumnRuleEmbeddable> columnRules = new ArrayList<>();

  @Embeddable
  static class RowFilterEmbeddable {
    @Column(name = "role_name", nullable = false)
    String role;

    @Column(name = "table_name", nullable = false)
    String table;

    @Column(name = "predicate", nullable = false)
    String predicate;

    @Column(name = "follow_foreign_keys", nullable = false)
    boolean followForeignKeys;
  }

  @Embeddable
  static class ColumnRuleEmbeddable {
    @Column(name = "role_name", nullable = false)
    String role;

    @Column(name = "table_name", nullable = false)
    String table;

    @Column(name = "column_name", nullable = false)
    String column;

    @Column(name = "treatment", nullable = false)
    String treatment;

    @Column(name = "mask_sql", nullable = false)
    String maskSql;
  }
}
