package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.domain.completion.ModelCallsPort;
import dev.parlance.domain.curation.CurationQualityStorePort;
import dev.parlance.domain.curation.CurationStorePort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.curation.SuggestionsPort;
import dev.parlance.domain.governance.FindAuditPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.RecordAuditPort;
import dev.parlance.domain.source.DataSourcesPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Singleton;

/**
 * The metadata store (adapters-db): opened and migrated on first use, then announced with {@link
 * StoreOpened} so that start-up steps (the demo) can run; closed when the container stops.
 */
@ApplicationScoped
public class StoreProducers {

  @Produces
  @Singleton
  @Typed(MetadataStore.class)
  MetadataStore store(ParlanceSettings settings, Event<StoreOpened> opened) {
    String url =
        settings.storeUrl().orElseGet(() -> MetadataStore.embeddedUrl(settings.home().metadata()));
    MetadataStore store =
        MetadataStore.open(
            url,
            credential(settings, settings.storeUserVariable()),
            credential(settings, settings.storePasswordVariable()),
            MetadataStore.AuditMode.parse(settings.auditMode()));
    try {
      opened.fire(new StoreOpened(store));
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    return store;
  }

  void close(@Disposes MetadataStore store) {
    store.close();
  }

  private static String credential(ParlanceSettings settings, java.util.Optional<String> variable) {
    if (variable.isEmpty()) {
      return "";
    }
    return settings
        .value(variable.get())
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "the metadata store's credentials are read from environment variable "
                        + variable.get()
                        + ", which is not set"));
  }

  @Produces
  @ApplicationScoped
  DataSourcesPort dataSources(MetadataStore store) {
    return store.dataSources();
  }

  @Produces
  @ApplicationScoped
  GovernancePoliciesPort policies(MetadataStore store) {
    return store.policies();
  }

  @Produces
  @ApplicationScoped
  RecordAuditPort audit(MetadataStore store) {
    return store.audit();
  }

  @Produces
  @ApplicationScoped
  FindAuditPort auditTrail(MetadataStore store) {
    return store.auditTrail();
  }

  @Produces
  @ApplicationScoped
  @Typed(CurationStorePort.class) // it is a PublishedCurationPort too, produced below
  CurationStorePort curation(MetadataStore store) {
    return store.curation();
  }

  @Produces
  @ApplicationScoped
  ModelCallsPort modelCalls(MetadataStore store) {
    return store.modelCalls();
  }

  @Produces
  @ApplicationScoped
  CurationQualityStorePort curationQuality(MetadataStore store) {
    return store.curationQuality();
  }

  @Produces
  @ApplicationScoped
  SuggestionsPort suggestions(MetadataStore store) {
    return store.suggestions();
  }

  @Produces
  @ApplicationScoped
  PublishedCurationPort publishedCuration(MetadataStore store) {
    return store.curation()::published;
  }
}
