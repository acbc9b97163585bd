package dev.parlance.domain.governance;

/** What a column rule does to a column for the roles it names. */
public enum ColumnTreatment {
  /** The column keeps its place but shows the mask expression instead of its values. */
  MASK,
  /** The column does not exist for the user: referencing it is refused, {@code *} omits it. */
  HIDE
}
