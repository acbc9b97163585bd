package dev.parlance.application.policy;

import dev.parlance.domain.governance.PolicyLint;
import java.util.List;

/** Checks that a source's current policy covers what it means (see {@link PolicyLint}). */
@FunctionalInterface
public interface LintPolicyUseCase {

  /**
   * @param sampleAs credentials the rows are sampled with instead of the source's own (on a
   *     PostgreSQL database provisioned by {@code policy apply}, the source's login role reads
   *     nothing by itself)
   */
  Report lint(String source, java.util.Optional<dev.parlance.domain.source.Credentials> sampleAs);

  default Report lint(String source) {
    return lint(source, java.util.Optional.empty());
  }

  /** The findings, empty when the policy passes. */
  record Report(String source, int policyVersion, List<PolicyLint.Finding> findings) {
    public Report {
      findings = List.copyOf(findings);
    }

    public boolean passes() {
      return findings.isEmpty();
    }
  }
}
