package dev.parlance.domain.governance;

import java.util.List;
import java.util.Objects;

/** What provisioning a policy in a source's database did: a summary and the steps it ran. */
public record Provisioning(String summary, List<String> steps) {
  public Provisioning {
    GovernancePolicy.requireName(summary, "summary");
    steps = List.copyOf(Objects.requireNonNullElse(steps, List.of()));
  }
}
