package dev.parlance.adapters.db.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A stored data source; credentials are kept as references (variable names or a path) only. */
@Entity
@Table(name = "data_source")
class DataSourceEntity {
  @Id
  @Column(name = "name")
  String name;

  @Column(name = "jdbc_url", nullable = false)
  String jdbcUrl;

  @Column(name = "dialect", nullable = false)
  String dialect;

  @Column(name = "credentials_kind", nullable = false)
  String credentialsKind;

  @Column(name = "user_variable")
  String userVariable;

  @Column(name = "password_variable")
  String passwordVariable;

  @Column(name = "credentials_file")
  String credentialsFile;

  @Column(name = "created_at", nullable = false)
  Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  Instant updatedAt;
}
