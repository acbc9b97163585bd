package dev.parlance.deploy.wiring;

import dev.parlance.application.source.PrepareAtStartUseCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

/**
 * A server's start-up step: the sources without indexes (the demo on a fresh installation) start
 * being indexed in the background, and then what each source's first question would load is made
 * ready ({@link PrepareAtStartUseCase}), so that the first question finds everything ready or under
 * way rather than missing. A one-shot command leaves this to the source's first use.
 */
@ApplicationScoped
public class IndexAtStart {

  void onStart(
      @Observes @Initialized(ApplicationScoped.class) Object started,
      ParlanceSettings settings,
      Instance<PrepareAtStartUseCase> preparation) {
    if (!settings.indexWhenChanged()) {
      // A one-shot command: nothing is made (its beans stay unbuilt until a command needs them).
      return;
    }
    // In the background: opening the store and the indexes takes seconds.
    preparation.get().start();
  }
}
