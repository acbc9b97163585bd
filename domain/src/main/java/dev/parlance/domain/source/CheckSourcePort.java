package dev.parlance.domain.source;

/** Opens a source read-only and reads its catalog's table list, to say whether it can be used. */
@FunctionalInterface
public interface CheckSourcePort {

  SourceCheck check(DataSource source);
}
