package dev.parlance.application.policy;

import dev.parlance.domain.governance.PolicyLint;
import java.util.List;

/** Checks that a source's current policy covers what it means (see {@link PolicyLint}). */
@FunctionalInterface
public interface LintPolicyUseCase {

  Report lint(String source);

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
