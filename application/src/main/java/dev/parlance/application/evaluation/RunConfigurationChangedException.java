package dev.parlance.application.evaluation;

/**
 * A run's log was started with another configuration (model, settings, baseline…): its answers
 * would not be comparable with new ones, so the run is refused. The caller names another run or
 * starts this one over.
 */
public final class RunConfigurationChangedException extends IllegalArgumentException {

  private final String location;

  public RunConfigurationChangedException(String location, String differences) {
    super(
        "the run log "
            + location
            + " belongs to a run with another configuration ("
            + differences
            + ")");
    this.location = location;
  }

  public String location() {
    return location;
  }
}
