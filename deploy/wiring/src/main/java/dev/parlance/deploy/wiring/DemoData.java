package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.curation.CurationFiles;
import dev.parlance.adapters.db.demo.DemoDatabase;
import dev.parlance.adapters.db.store.MetadataStore;
import dev.parlance.domain.curation.Curation;
import dev.parlance.domain.source.DataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The start-up step that gives a new installation something to ask about: on the store's first
 * start the demo database is generated and registered as source {@code demo} with its policy and
 * its curation (as Cargo Tracker's sample-data generator loads its sample data). On later starts a
 * deleted demo file is generated again, and a store made before curation existed gets the curation.
 */
@ApplicationScoped
public class DemoData {

  void onStoreOpened(@Observes StoreOpened opened, ParlanceSettings settings) {
    MetadataStore store = opened.store();
    Path databases = settings.home().databases();
    if (store.createdNow()) {
      Path demo = DemoDatabase.ensure(databases);
      store.dataSources().save(DemoDatabase.source(demo));
      store.policies().publish(DemoDatabase.policy(), "parlance");
      publishCuration(store);
      return;
    }
    Path expected = databases.resolve(DemoDatabase.FILE_NAME);
    Optional<DataSource> demo = store.dataSources().find(DemoDatabase.SOURCE_NAME);
    boolean ours =
        demo.isPresent() && demo.get().jdbcUrl().equals(DemoDatabase.source(expected).jdbcUrl());
    if (ours && !Files.exists(expected)) {
      DemoDatabase.ensure(databases);
    }
    if (ours && store.curation().latestVersion(DemoDatabase.SOURCE_NAME) == 0) {
      publishCuration(store);
    }
  }

  // The shipped curation is proven by DemoCurationRowsTest; publishing it skips validation to keep
  // the first start fast, and the index is built on the first question.
  private static void publishCuration(MetadataStore store) {
    Curation demo = CurationFiles.yaml().read(DemoDatabase.curationYaml());
    store.curation().publish(demo, "parlance", "the demo's shipped curation", true);
  }
}
