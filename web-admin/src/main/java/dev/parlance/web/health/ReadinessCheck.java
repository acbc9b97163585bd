package dev.parlance.web.health;

import dev.parlance.application.health.CheckReadinessUseCase;
import dev.parlance.application.health.ReadinessReport;
import dev.parlance.domain.health.ComponentStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code /health/ready}: up only when every component Parlance needs answers (the store, the index,
 * the identity provider), each listed with its status. The wiring provides the use case.
 */
@Readiness
@ApplicationScoped
public class ReadinessCheck implements HealthCheck {

  @Inject CheckReadinessUseCase readiness;

  @Override
  public HealthCheckResponse call() {
    HealthCheckResponseBuilder response = HealthCheckResponse.named("parlance");
    ReadinessReport report = readiness.check();
    for (ComponentStatus component : report.components()) {
      response.withData(
          component.component(), component.up() ? "up" : "down: " + component.detail());
    }
    return response.status(report.ready()).build();
  }
}
