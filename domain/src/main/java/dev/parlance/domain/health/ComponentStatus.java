package dev.parlance.domain.health;

import java.util.Objects;

/** Whether one component Parlance needs (the store, the index, the identity provider) answers. */
public record ComponentStatus(String component, boolean up, String detail) {

  public ComponentStatus {
    Objects.requireNonNull(component, "component");
    detail = detail == null ? "" : detail;
  }

  public static ComponentStatus up(String component) {
    return new ComponentStatus(component, true, "");
  }

  public static ComponentStatus down(String component, String why) {
    return new ComponentStatus(component, false, why);
  }
}
