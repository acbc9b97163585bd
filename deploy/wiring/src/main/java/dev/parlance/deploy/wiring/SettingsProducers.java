package dev.parlance.deploy.wiring;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;

/** Parlance's settings over the container's MicroProfile Config. */
@ApplicationScoped
public class SettingsProducers {

  @Produces
  @Singleton
  ParlanceSettings settings(Config config) {
    return new ParlanceSettings(config);
  }
}
