package dev.parlance.domain.retrieval;

import java.util.ArrayList;
import java.util.List;

/**
 * CRUSH4SQL's collective selection (Kothyari et al., EMNLP 2023, §3.2.2): from candidate schema
 * elements C(x), pick B that together cover every probe of the hallucinated schema and hang
 * together in the schema graph, by greedy marginal gain on {@code O1 + λ·O2} (Eq. 6).
 *
 * <p>The paper leaves {@code smx} of an empty set undefined (log 0). Both sums here start from a
 * "null" element worth {@code exp(0) = 1}, i.e. {@code smx(S) = log(1 + Σ exp(s))}, which keeps the
 * objective finite and submodular and changes no comparison between non-empty sets of equal size by
 * more than the null element's share.
 */
public final class CollectiveSelection {

  /**
   * @param lambda weight of connectivity O2 against coverage O1 (paper: 1)
   * @param gamma edge weight e(d,d') for columns of one table or joined by a foreign key (paper:
   *     0.01)
   * @param entropyGuided whether similarities are damped by probe entropy (Eq. 2); off for the
   *     paper's ablation
   * @param coverage whether O1 uses the soft maximum per probe (Eq. 3-4) or, for the ablation, a
   *     plain sum of similarities
   */
  public record Settings(double lambda, double gamma, boolean entropyGuided, boolean coverage) {
    public static Settings paper() {
      return new Settings(1.0, 0.01, true, true);
    }
  }

  private final Settings settings;

  public CollectiveSelection(Settings settings) {
    this.settings = settings;
  }

  /**
   * The greedy selection order over the candidates: the first B indices are the selection under
   * budget B, for every B (greedy never revisits a choice).
   *
   * @param cosine cosine[k][d] between probe k and candidate d
   * @param connected connected[d][d'] when the two candidates share a table or a foreign key
   * @param budget how many candidates to order at most
   */
  public List<Integer> order(double[][] cosine, boolean[][] connected, int budget) {
    int probes = cosine.length;
    int candidates = probes == 0 ? 0 : cosine[0].length;
    int picks = Math.min(budget, candidates);
    if (picks <= 0) {
      return List.of();
    }
    double[][] s = similarities(cosine);

    double[] coverageMass = new double[probes]; // Σ_{d∈R} exp(s_kd), plus the null element
    java.util.Arrays.fill(coverageMass, 1.0);
    double[] linkMass = new double[candidates]; // Σ_{d'∈R, d'≠d} exp(e(d,d')), for d ∈ R
    boolean[] chosen = new boolean[candidates];
    List<Integer> order = new ArrayList<>(picks);

    for (int step = 0; step < picks; step++) {
      int best = -1;
      double bestGain = Double.NEGATIVE_INFINITY;
      for (int d = 0; d < candidates; d++) {
        if (chosen[d]) {
          continue;
        }
        double gain =
            coverageGain(s, coverageMass, d)
                + settings.lambda() * linkGain(order, linkMass, connected, d);
        if (gain > bestGain) {
          bestGain = gain;
          best = d;
        }
      }
      chosen[best] = true;
      for (int k = 0; k < probes; k++) {
        coverageMass[k] += Math.exp(s[k][best]);
      }
      double own = 1.0;
      for (int r : order) {
        double w = Math.exp(edge(connected, r, best));
        linkMass[r] += w;
        own += w;
      }
      linkMass[best] = own;
      order.add(best);
    }
    return List.copyOf(order);
  }

  /**
   * The greedy order over {@code candidates} for the given probe embeddings; candidates are
   * connected when they share a table or one links to the other by a foreign key.
   */
  public List<IndexedElement> order(
      List<EmbeddingVector> probes, List<IndexedElement> candidates, int budget) {
    double[][] cosine = new double[probes.size()][candidates.size()];
    for (int k = 0; k < probes.size(); k++) {
      for (int d = 0; d < candidates.size(); d++) {
        cosine[k][d] = probes.get(k).cosine(candidates.get(d).vector());
      }
    }
    boolean[][] connected = new boolean[candidates.size()][candidates.size()];
    for (int a = 0; a < candidates.size(); a++) {
      SchemaElement ea = candidates.get(a).element();
      for (int b = 0; b < candidates.size(); b++) {
        SchemaElement eb = candidates.get(b).element();
        connected[a][b] =
            a != b
                && (ea.tableId().equals(eb.tableId())
                    || ea.linked().contains(eb.id())
                    || eb.linked().contains(ea.id()));
      }
    }
    return order(cosine, connected, budget).stream().map(candidates::get).toList();
  }

  /** s_kd of Eq. 2: ½(1+cos(k,d)) · σ(H̄ − H(k)), with H(k) the entropy of Eq. 1. */
  double[][] similarities(double[][] cosine) {
    int probes = cosine.length;
    int candidates = cosine[0].length;
    double[][] s = new double[probes][candidates];
    double[] entropy = new double[probes];
    double meanEntropy = 0;
    for (int k = 0; k < probes; k++) {
      double total = 0;
      for (int d = 0; d < candidates; d++) {
        s[k][d] = 0.5 * (1 + cosine[k][d]);
        total += s[k][d];
      }
      double h = 0;
      for (int d = 0; d < candidates; d++) {
        double p = total == 0 ? 0 : s[k][d] / total;
        if (p > 0) {
          h -= p * Math.log(p);
        }
      }
      entropy[k] = h;
      meanEntropy += h / probes;
    }
    if (settings.entropyGuided()) {
      for (int k = 0; k < probes; k++) {
        double damp = sigmoid(meanEntropy - entropy[k]);
        for (int d = 0; d < candidates; d++) {
          s[k][d] *= damp;
        }
      }
    }
    return s;
  }

  // O1 (Eq. 3-4): how much adding d raises each probe's soft maximum.
  private double coverageGain(double[][] s, double[] coverageMass, int d) {
    double gain = 0;
    for (int k = 0; k < s.length; k++) {
      gain +=
          settings.coverage()
              ? Math.log(coverageMass[k] + Math.exp(s[k][d])) - Math.log(coverageMass[k])
              : s[k][d];
    }
    return gain;
  }

  // O2 (Eq. 5): d's own soft maximum over its edges into R, plus what d adds to each r in R.
  private double linkGain(List<Integer> selected, double[] linkMass, boolean[][] connected, int d) {
    double own = 1.0;
    double others = 0;
    for (int r : selected) {
      double w = Math.exp(edge(connected, r, d));
      own += w;
      others += Math.log(linkMass[r] + w) - Math.log(linkMass[r]);
    }
    return Math.log(own) + others;
  }

  private double edge(boolean[][] connected, int a, int b) {
    return connected[a][b] ? settings.gamma() : 0.0;
  }

  private static double sigmoid(double x) {
    return 1.0 / (1.0 + Math.exp(-x));
  }
}
