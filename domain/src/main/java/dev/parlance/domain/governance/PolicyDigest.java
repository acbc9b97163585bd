package dev.parlance.domain.governance;

import java.util.TreeSet;

/**
 * A digest of what an engine enforces for a policy (allowed relations, row filters, column rules),
 * so that an executor can tell whether the database holds the provisioning of exactly this policy.
 */
final class PolicyDigest {

  private PolicyDigest() {}

  static String of(GovernancePolicy policy) {
    StringBuilder sb = new StringBuilder("parlance-policy-v1\n");
    sb.append("schemas=").append(new TreeSet<>(policy.allowedSchemas())).append('\n');
    sb.append("tables=").append(new TreeSet<>(policy.allowedTables())).append('\n');
    for (RowFilter f : policy.rowFilters()) {
      sb.append("filter\u0000")
          .append(f.role())
          .append('\u0000')
          .append(GovernancePolicy.key(f.table()))
          .append('\u0000')
          .append(f.predicate())
          .append('\u0000')
          .append(f.followForeignKeys())
          .append('\n');
    }
    for (ColumnRule r : policy.columnRules()) {
      sb.append("column\u0000")
          .append(r.role())
          .append('\u0000')
          .append(GovernancePolicy.key(r.table()))
          .append('\u0000')
          .append(GovernancePolicy.key(r.column()))
          .append('\u0000')
          .append(r.treatment())
          .append('\u0000')
          .append(r.maskSql())
          .append('\n');
    }
    try {
      byte[] digest =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
