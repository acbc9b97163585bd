package dev.parlance.domain.health;

/**
 * Asks one component whether it answers now. Quick (a second or two at most) and never throws: a
 * component that cannot be reached is {@link ComponentStatus#down down} with the reason.
 */
@FunctionalInterface
public interface ProbeComponentPort {

  ComponentStatus probe();
}
