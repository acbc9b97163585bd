package dev.parlance.adapters.db.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parlance.adapters.db.testing.PostgresServer;
import dev.parlance.domain.answer.AnswerHistoryPort;
import dev.parlance.domain.answer.AnswerHistoryPortContract;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.completion.ModelCallsPortContract;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationQualityStorePortContract;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.CurationStorePortContract;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.AuditPortContract;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePoliciesPortContract;
import dev.parlance.domain.governance.RecordActionPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.governance.SearchAuditPort;
import dev.parlance.domain.governance.SearchAuditPortContract;
import dev.parlance.domain.source.DataSourcesPort;
import dev.parlance.domain.source.DataSourcesPortContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The metadata store on PostgreSQL, the real-deployment database: same migrations, same contract.
 */
class PostgresMetadataStoreIT {

  // The run's shared server; the store's database and owner role are this test's own.
  static PostgresServer.Database database;
  static MetadataStore store;

  @BeforeAll
  static void open() throws Exception {
    database = PostgresServer.shared().newDatabase("store");
    store = MetadataStore.open(database.url(), database.user(), database.password());
  }

  @AfterAll
  static void close() {
    if (store != null) {
      store.close();
    }
  }

  @Nested
  class DataSources extends DataSourcesPortContract {
    @Override
    protected DataSourcesPort port() {
      return store.dataSources();
    }
  }

  @Nested
  class Policies extends GovernancePoliciesPortContract {
    @Override
    protected GovernancePoliciesPort port() {
      return store.policies();
    }
  }

  @Nested
  class Curations extends CurationStorePortContract {
    @Override
    protected CurationStorePort port() {
      return store.curation();
    }

    @Override
    protected SuggestionsPort suggestions() {
      return store.suggestions();
    }
  }

  @Nested
  class ModelCalls extends ModelCallsPortContract {
    @Override
    protected ModelCallsPort port() {
      return store.modelCalls();
    }
  }

  @Nested
  class CurationQuality extends CurationQualityStorePortContract {
    @Override
    protected CurationQualityStorePort port() {
      return store.curationQuality();
    }
  }

  @Nested
  class Answers extends AnswerHistoryPortContract {
    @Override
    protected AnswerHistoryPort port() {
      return store.answers();
    }
  }

  @Nested
  class AuditSearch extends SearchAuditPortContract {
    @Override
    protected RecordAuditPort statements() {
      return store.audit();
    }

    @Override
    protected RecordActionPort actions() {
      return store.actions();
    }

    @Override
    protected SearchAuditPort search() {
      return store.auditSearch();
    }
  }

  @Nested
  class Audit extends AuditPortContract {
    @Override
    protected RecordAuditPort record() {
      return store.audit();
    }

    @Override
    protected FindAuditPort find() {
      return store.auditTrail();
    }
  }

  @Test
  void should_create_the_schema_with_flyway_when_opened_on_an_empty_database() {
    assertThat(store.createdNow()).isTrue();
    try (MetadataStore again =
        MetadataStore.open(database.url(), database.user(), database.password())) {
      assertThat(again.createdNow()).isFalse();
    }
  }

  @Test
  void should_see_a_change_made_through_another_instance_without_reopening() {
    try (MetadataStore other =
        MetadataStore.open(database.url(), database.user(), database.password())) {
      SeveralInstances.should_see_each_others_changes(store, other);
      SeveralInstances.should_see_each_others_changes(other, store);
    }
  }
}
