package dev.parlance.web.health;

import dev.parlance.application.source.PrepareAtStartUseCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Startup;

/**
 * {@code /health/started}: up once the server's start-up preparation has ended (every source's
 * indexes built, its catalog and the models loaded); until then down, with what is being prepared
 * and how far ({@code "preparing": "indexing demo: embedding 400/613"}). The portal answers
 * meanwhile; {@code parlance serve} waits for this before it says the portal is ready.
 */
@Startup
@ApplicationScoped
public class StartupCheck implements HealthCheck {

  @Inject PrepareAtStartUseCase preparation;

  @Override
  public HealthCheckResponse call() {
    PrepareAtStartUseCase.Preparation now = preparation.preparation();
    return HealthCheckResponse.named("parlance-start")
        .withData("preparing", now.done() ? "done" : now.doing())
        .status(now.done())
        .build();
  }
}
