package dev.parlance.application.health;

import dev.parlance.domain.health.ComponentStatus;
import dev.parlance.domain.health.ProbeComponentPort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Probes every component and reports each required one; a required component that no probe covers
 * is reported down, so a forgotten probe never reads as ready.
 */
public final class CheckReadinessService implements CheckReadinessUseCase {

  private final List<ProbeComponentPort> probes;
  private final Set<String> required;

  public CheckReadinessService(List<ProbeComponentPort> probes, Set<String> required) {
    this.probes = List.copyOf(probes);
    this.required = Set.copyOf(required);
  }

  @Override
  public ReadinessReport check() {
    Map<String, ComponentStatus> seen = new LinkedHashMap<>();
    for (ProbeComponentPort probe : probes) {
      ComponentStatus status;
      try {
        status = probe.probe();
      } catch (RuntimeException | OutOfMemoryError e) {
        // A probe should not throw; if one does, its component is down, not the whole check (an
        // OutOfMemoryError included: the next check probes again).
        status = ComponentStatus.down(probe.getClass().getSimpleName(), String.valueOf(e));
      }
      seen.merge(status.component(), status, (a, b) -> a.up() ? b : a);
    }
    List<ComponentStatus> report = new ArrayList<>(seen.values());
    required.stream()
        .sorted()
        .filter(component -> !seen.containsKey(component))
        .forEach(component -> report.add(ComponentStatus.down(component, "no probe is wired")));
    return new ReadinessReport(report);
  }
}
