package dev.parlance.adapters.db.store;

import dev.parlance.adapters.db.jdbc.JdbcDrivers;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.source.DataSourcesPort;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;

/**
 * Parlance's own state: data sources, governance policies, the audit trail, curation and the
 * portal's answer history, kept by Hibernate ORM in an H2 file (the embedded default) or
 * PostgreSQL, its schema migrated by Flyway on open. The one public factory of the store adapters.
 */
public final class MetadataStore implements AutoCloseable {

  // Keeps JUL loggers configured: a logger without a strong reference may be collected.
  private static final Logger HIBERNATE_LOG = Logger.getLogger("org.hibernate");
  private static final Logger FLYWAY_LOG = Logger.getLogger("org.flywaydb");

  /** The newest migration in db/parlance-store; a test keeps it in step with the files. */
  static final String LATEST_MIGRATION = "10";

  private static final String HISTORY_TABLE = "parlance_schema_history";

  /** How long opening waits for another process that is opening the same H2 file. */
  private static final Duration LOCK_WAIT = Duration.ofSeconds(30);

  private final SessionFactory sessions;
  private final boolean created;
  private final Duration startup;
  private final HibernateDataSourcesAdapter dataSources;
  private final HibernatePoliciesAdapter policies;
  private final HibernateAuditAdapter audit;
  private final BufferedAuditAdapter buffered;
  private final HibernateCurationAdapter curation;
  private final HibernateCurationQualityAdapter curationQuality;
  private final HibernateModelCallsAdapter modelCalls;
  private final HibernateSuggestionsAdapter suggestions;
  private final HibernateAnswerHistoryAdapter answers;

  /** How audit records reach the store. */
  public enum AuditMode {
    /** Each statement waits for its record's commit: nothing can be lost. */
    SYNCHRONOUS,
    /** A background thread writes records in batches; close() waits for them. */
    BUFFERED;

    /** {@code sync} or {@code buffered}. */
    public static AuditMode parse(String value) {
      return switch (value.strip().toLowerCase(Locale.ROOT)) {
        case "sync", "synchronous" -> SYNCHRONOUS;
        case "buffered", "async" -> BUFFERED;
        default ->
            throw new IllegalArgumentException(
                "audit mode '" + value + "' is not sync or buffered");
      };
    }
  }

  private MetadataStore(
      SessionFactory sessions, boolean created, Duration startup, AuditMode auditMode) {
    this.sessions = sessions;
    this.created = created;
    this.startup = startup;
    StoreVersion version = new StoreVersion(sessions);
    this.dataSources = new HibernateDataSourcesAdapter(sessions, version);
    this.policies = new HibernatePoliciesAdapter(sessions, version);
    this.audit = new HibernateAuditAdapter(sessions);
    this.buffered = auditMode == AuditMode.BUFFERED ? new BufferedAuditAdapter(audit) : null;
    this.curation = new HibernateCurationAdapter(sessions, version);
    this.curationQuality = new HibernateCurationQualityAdapter(sessions);
    this.modelCalls = new HibernateModelCallsAdapter(sessions);
    this.suggestions = new HibernateSuggestionsAdapter(sessions);
    this.answers = new HibernateAnswerHistoryAdapter(sessions);
  }

  /**
   * The embedded default: an H2 file database in {@code directory}. Each commit is written to the
   * file as it is made ({@code WRITE_DELAY=0}; H2 waits up to half a second by default): a process
   * killed, or a database closed at once by H2 on an OutOfMemoryError, keeps every committed
   * answer, audit record and curation.
   */
  public static String embeddedUrl(Path directory) {
    return "jdbc:h2:file:"
        + directory.toAbsolutePath().resolve("parlance")
        + ";AUTO_SERVER=TRUE;WRITE_DELAY=0";
  }

  /**
   * Opens the store at {@code url} (jdbc:h2: or jdbc:postgresql:), migrating its schema first.
   *
   * @throws StoreException with the driver's message when it cannot be opened
   */
  public static MetadataStore open(String url, String user, String password) {
    return open(url, user, password, AuditMode.SYNCHRONOUS);
  }

  /** Opens the store with the given audit mode. */
  public static MetadataStore open(String url, String user, String password, AuditMode auditMode) {
    long start = System.nanoTime();
    quietLogging();
    boolean postgres = url.toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:");
    long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
    while (true) {
      // Held until Hibernate has started: every later connection then finds the file open.
      try (Connection first = JdbcDrivers.connect(url, user, password)) {
        return open(first, url, user, password, postgres, auditMode, start);
      } catch (SQLException | StoreException e) {
        if (!anotherProcessIsOpening(e) || System.nanoTime() > deadline || !waited()) {
          throw e instanceof StoreException store
              ? store
              : new StoreException(
                  "cannot open the metadata store at " + redact(url) + ": " + Store.message(e), e);
        }
      }
    }
  }

  private static MetadataStore open(
      Connection first,
      String url,
      String user,
      String password,
      boolean postgres,
      AuditMode auditMode,
      long start) {
    boolean created = false;
    // Start-up cost: Flyway scans and validates for ~0.4 s; skip it when the schema is current.
    if (!upToDate(first)) {
      try {
        MigrateResult result =
            Flyway.configure(MetadataStore.class.getClassLoader())
                .dataSource(url, user, password)
                .locations("classpath:" + StoreMigrations.DIRECTORY)
                .resourceProvider(new StoreMigrations(MetadataStore.class.getClassLoader()))
                .table(HISTORY_TABLE)
                .loggers("slf4j")
                .cleanDisabled(true)
                .load()
                .migrate();
        created = result.initialSchemaVersion == null && result.migrationsExecuted > 0;
      } catch (FlywayException e) {
        throw new StoreException(
            "cannot open the metadata store at " + redact(url) + ": " + Store.message(e), e);
      }
    }
    StandardServiceRegistry registry = null;
    try {
      registry =
          new StandardServiceRegistryBuilder()
              .applySetting(AvailableSettings.JAKARTA_JDBC_URL, url)
              // Named, so that Hibernate loads it from this class loader instead of asking
              // DriverManager (which a redeployed application's class loader may not reach).
              .applySetting(
                  AvailableSettings.JAKARTA_JDBC_DRIVER,
                  postgres ? "org.postgresql.Driver" : "org.h2.Driver")
              .applySetting(AvailableSettings.JAKARTA_JDBC_USER, user == null ? "" : user)
              .applySetting(
                  AvailableSettings.JAKARTA_JDBC_PASSWORD, password == null ? "" : password)
              .applySetting(AvailableSettings.POOL_SIZE, 4)
              .applySetting(
                  AvailableSettings.DIALECT,
                  postgres
                      ? "org.hibernate.dialect.PostgreSQLDialect"
                      : "org.hibernate.dialect.H2Dialect")
              // Start-up cost: no JDBC metadata probing, no schema tooling (Flyway owns it).
              .applySetting("hibernate.boot.allow_jdbc_metadata_access", false)
              .applySetting(AvailableSettings.XML_MAPPING_ENABLED, false)
              // No lazy proxies or enhancement are used: skip generating bytecode at start.
              .applySetting("hibernate.bytecode.provider", "none")
              .applySetting(AvailableSettings.QUERY_STARTUP_CHECKING, false)
              .applySetting(AvailableSettings.HBM2DDL_AUTO, "none")
              .applySetting(AvailableSettings.SHOW_SQL, false)
              .applySetting(AvailableSettings.GENERATE_STATISTICS, false)
              .build();
      SessionFactory sessions =
          new MetadataSources(registry)
              .addAnnotatedClass(DataSourceEntity.class)
              .addAnnotatedClass(PolicyEntity.class)
              .addAnnotatedClass(AuditRecordEntity.class)
              .addAnnotatedClass(CurationVersionEntity.class)
              .addAnnotatedClass(CurationDraftEntity.class)
              .addAnnotatedClass(SuggestionEntity.class)
              .addAnnotatedClass(AnswerRecordEntity.class)
              .addAnnotatedClass(CurationQualityEntity.class)
              .addAnnotatedClass(ModelCallEntity.class)
              .buildMetadata()
              .buildSessionFactory();
      return new MetadataStore(
          sessions, created, Duration.ofNanos(System.nanoTime() - start), auditMode);
    } catch (jakarta.persistence.PersistenceException e) {
      if (registry != null) {
        StandardServiceRegistryBuilder.destroy(registry);
      }
      throw new StoreException(
          "cannot open the metadata store at " + redact(url) + ": " + Store.message(e), e);
    }
  }

  /** Waits a moment before the next try; false when interrupted (the flag kept). */
  private static boolean waited() {
    try {
      Thread.sleep(200);
      return true;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Whether opening met one of H2's lock races, at the first connection or below Flyway or
   * Hibernate: then another process is opening the same H2 file, or ending, and opening again
   * (within {@link #LOCK_WAIT}) reaches the file. H2 refuses a file whose lock another process
   * wrote within the last two seconds ("Lock file recently modified"), until that process serves
   * the file to others (AUTO_SERVER); two Parlance commands started together meet exactly that. An
   * owner may also end while this process starts Hibernate through its server: the pool's
   * connection is then refused at the address the lock still names (CI met it in
   * FaultInjectionH2IT, a publish during an index).
   */
  static boolean anotherProcessIsOpening(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException sql && lockRace(sql)) {
        return true;
      }
    }
    return false;
  }

  // H2's lock races (org.h2.store.FileLock): ERROR_OPENING_DATABASE_1 with these reasons;
  // DATABASE_ALREADY_OPEN_1 "Locked by another process" while the owner has locked the file but not
  // yet written its AUTO_SERVER address into the lock (with the address, H2 connects through it);
  // and CONNECTION_BROKEN_1 "Connection refused" at the address in the lock while its owner is
  // ending (it has closed its server, not yet its file): the next try opens the file itself.
  private static boolean lockRace(SQLException e) {
    String m = String.valueOf(e.getMessage());
    return (e.getErrorCode() == 8000
            && (m.contains("Lock file recently modified")
                || m.contains("Concurrent update")
                || m.contains("Another process was faster")))
        || (e.getErrorCode() == 90020 && m.contains("Locked by another process"))
        || (e.getErrorCode() == 90067 && refused(e));
  }

  private static boolean refused(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.net.ConnectException
          || String.valueOf(t.getMessage()).contains("Connection refused")) {
        return true;
      }
    }
    return false;
  }

  private static boolean upToDate(Connection c) {
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT \"version\" FROM \""
                    + HISTORY_TABLE
                    + "\" WHERE \"success\" ORDER BY \"installed_rank\" DESC")) {
      return rs.next() && LATEST_MIGRATION.equals(rs.getString(1));
    } catch (SQLException e) {
      return false; // no history yet: Flyway creates it
    }
  }

  private static void quietLogging() {
    if (System.getProperty("org.jboss.logging.provider") == null) {
      System.setProperty("org.jboss.logging.provider", "slf4j");
    }
    HIBERNATE_LOG.setLevel(Level.SEVERE);
    FLYWAY_LOG.setLevel(Level.SEVERE);
  }

  // A URL may still carry parameters; never echo anything after the first ';' or '?'.
  private static String redact(String url) {
    int cut = url.length();
    for (char c : new char[] {';', '?'}) {
      int i = url.indexOf(c);
      if (i >= 0) {
        cut = Math.min(cut, i);
      }
    }
    return url.substring(0, cut);
  }

  /** Whether this open created the store (its first start). */
  public boolean createdNow() {
    return created;
  }

  /** How long opening took: migration check plus Hibernate's start. */
  public Duration startup() {
    return startup;
  }

  public DataSourcesPort dataSources() {
    return dataSources;
  }

  public GovernancePoliciesPort policies() {
    return policies;
  }

  public RecordAuditPort audit() {
    return buffered != null ? buffered : audit;
  }

  /** Curation drafts and published versions (views, descriptions, verified questions). */
  public CurationStorePort curation() {
    return curation;
  }

  /** The curation quality measured of each published version. */
  public CurationQualityStorePort curationQuality() {
    return curationQuality;
  }

  /** The ledger of language-model requests. */
  public ModelCallsPort modelCalls() {
    return modelCalls;
  }

  public SuggestionsPort suggestions() {
    return suggestions;
  }

  public FindAuditPort auditTrail() {
    return buffered != null ? buffered : audit;
  }

  /** Actions on sources (curation published, policy published, …), written at once. */
  public RecordActionPort actions() {
    return audit;
  }

  /** The audit trail filtered and paged; buffered statement records are written first. */
  public SearchAuditPort auditSearch() {
    return query -> {
      if (buffered != null) {
        buffered.flush();
      }
      return audit.search(query);
    };
  }

  /** The portal's answer history, with feedback and what users and sources spent. */
  public AnswerHistoryPort answers() {
    return answers;
  }

  /** Closes the store after writing every buffered audit record. */
  @Override
  public void close() {
    try {
      if (buffered != null) {
        buffered.close();
      }
    } finally {
      sessions.close();
    }
  }
}
