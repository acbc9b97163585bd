package dev.parlance.application.health;

import dev.parlance.domain.health.ComponentStatus;
import java.util.List;

/** Each needed component's status; ready when all are up. */
public record ReadinessReport(List<ComponentStatus> components) {

  public ReadinessReport {
    components = List.copyOf(components);
  }

  public boolean ready() {
    return !components.isEmpty() && components.stream().allMatch(ComponentStatus::up);
  }
}
