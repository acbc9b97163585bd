package dev.parlance.deploy.wiring;

import dev.parlance.application.source.IndexSourceService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A server's start-up step: the sources without indexes (the demo on a fresh installation) start
 * being indexed in the background, so that the first question finds them ready or under way rather
 * than missing. A one-shot command leaves this to the source's first use.
 */
@ApplicationScoped
public class IndexAtStart {

  private static final Logger LOG = Logger.getLogger(IndexAtStart.class.getName());

  void onStart(
      @Observes @Initialized(ApplicationScoped.class) Object started,
      ParlanceSettings settings,
      BackgroundWork background,
      Instance<IndexSourceService> indexing) {
    if (!settings.indexWhenChanged()) {
      return;
    }
    // Off the deploying thread: opening the store and the indexes takes seconds.
    background.execute(
        () -> {
          try {
            List<String> sources = indexing.get().startMissing();
            if (!sources.isEmpty()) {
              LOG.info("Indexing at start, as they have no indexes yet: " + sources);
            }
          } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not start indexing the sources without indexes", e);
          }
        });
  }
}
