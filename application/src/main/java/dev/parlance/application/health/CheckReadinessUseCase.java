package dev.parlance.application.health;

/** Whether Parlance can serve requests: every component it needs answers. */
@FunctionalInterface
public interface CheckReadinessUseCase {

  ReadinessReport check();
}
