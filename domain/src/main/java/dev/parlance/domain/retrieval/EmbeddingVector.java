package dev.parlance.domain.retrieval;

import java.util.Arrays;

/** A unit-length dense vector; the dot product of two is their cosine similarity. */
public final class EmbeddingVector {
  private final float[] values;

  private EmbeddingVector(float[] values) {
    this.values = values;
  }

  /** Normalises {@code raw} to unit length (a zero vector stays zero). */
  public static EmbeddingVector of(float[] raw) {
    if (raw.length == 0) {
      throw new IllegalArgumentException("an embedding needs at least one dimension");
    }
    double norm = 0;
    for (float v : raw) {
      norm += (double) v * v;
    }
    norm = Math.sqrt(norm);
    float[] unit = new float[raw.length];
    if (norm > 0) {
      for (int i = 0; i < raw.length; i++) {
        unit[i] = (float) (raw[i] / norm);
      }
    }
    return new EmbeddingVector(unit);
  }

  /** The normalised weighted sum {@code a·wa + b·wb}. */
  public static EmbeddingVector mix(EmbeddingVector a, double wa, EmbeddingVector b, double wb) {
    if (a.dimension() != b.dimension()) {
      throw new IllegalArgumentException("cannot mix vectors of different dimension");
    }
    float[] sum = new float[a.dimension()];
    for (int i = 0; i < sum.length; i++) {
      sum[i] = (float) (a.values[i] * wa + b.values[i] * wb);
    }
    return of(sum);
  }

  public int dimension() {
    return values.length;
  }

  public double cosine(EmbeddingVector other) {
    if (other.values.length != values.length) {
      throw new IllegalArgumentException(
          "dimension mismatch: " + values.length + " vs " + other.values.length);
    }
    double dot = 0;
    for (int i = 0; i < values.length; i++) {
      dot += values[i] * other.values[i];
    }
    return dot;
  }

  /** A copy of the components, for adapters that store vectors. */
  public float[] toArray() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EmbeddingVector other && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "EmbeddingVector[" + values.length + "d]";
  }
}
