package dev.parlance.adapters.db.governance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.UserIdentity;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The names and the request context that PostgreSQL enforcement shares between {@code policy apply}
 * (which provisions them) and the executor (which uses them).
 *
 * <p>Each statement runs under {@link #QUERY_ROLE} with the user's roles and attributes in the
 * setting {@link #CONTEXT_SETTING}, signed with HMAC-SHA-256 under a key derived from the source's
 * password. Row-level security policies and masking views read the context only through {@code
 * parlance.context()}, a SECURITY DEFINER function that verifies the signature with a copy of the
 * key only its owner can read: a statement that changes the setting (through {@code set_config} or
 * anything else the parser missed) cannot forge a valid one.
 */
final class PostgresGovernance {
  private PostgresGovernance() {}

  static final String SCHEMA = "parlance";
  static final String VIEW_SCHEMA = "parlance_gov";
  static final String QUERY_ROLE = "parlance_query";
  static final String GOVERNOR_ROLE = "parlance_governor";
  static final String CONTEXT_SETTING = "parlance.context";
  private static final String KEY_LABEL = "parlance request context v1";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The tables with a column rule for any role, lower-case: read through masking views. */
  static Set<String> maskedTables(GovernancePolicy policy) {
    Set<String> out = new TreeSet<>();
    for (ColumnRule r : policy.columnRules()) {
      String t = r.table().toLowerCase(Locale.ROOT);
      out.add(t.contains(".") ? t.substring(t.lastIndexOf('.') + 1) : t);
    }
    return out;
  }

  /** The roles (other than everyone's) that mask or hide a column of {@code table}, sorted. */
  static List<String> maskingRoles(GovernancePolicy policy, String schema, String table) {
    Set<String> roles = new TreeSet<>();
    for (ColumnRule r : policy.columnRules()) {
      if (names(r.table(), schema, table) && !r.role().equals(GovernancePolicy.EVERYONE)) {
        roles.add(r.role());
      }
    }
    return List.copyOf(roles);
  }

  /** The masking view for what {@code user} may see of {@code table}. */
  static String profileView(
      GovernancePolicy policy, UserIdentity user, String schema, String table) {
    List<String> acting = new ArrayList<>();
    for (String role : maskingRoles(policy, schema, table)) {
      if (user.actsAs(role)) {
        acting.add(role);
      }
    }
    return viewName(schema, table, acting);
  }

  /** The masking view of {@code table} for users acting as exactly {@code roles} of its rules. */
  static String viewName(String schema, String table, Collection<String> roles) {
    String base =
        (schema == null || schema.equalsIgnoreCase("public") ? "" : schema + "__") + table;
    base = base.toLowerCase(Locale.ROOT);
    if (base.length() > 40) {
      base = base.substring(0, 30) + "_" + hash(base).substring(0, 8);
    }
    TreeSet<String> sorted = new TreeSet<>(roles);
    return base
        + "__"
        + (sorted.isEmpty() ? "all" : hash(String.join(",", sorted)).substring(0, 10));
  }

  private static boolean names(String ruleTable, String schema, String table) {
    String rule = ruleTable.strip().toLowerCase(Locale.ROOT);
    String t = table.toLowerCase(Locale.ROOT);
    return rule.equals(t)
        || (schema != null && rule.equals(schema.toLowerCase(Locale.ROOT) + "." + t));
  }

  /** The context key, derived from the source's password (so no new secret has to be kept). */
  static byte[] key(String password) {
    return hmac(password.getBytes(StandardCharsets.UTF_8), KEY_LABEL);
  }

  /** The HMAC block-padded key XOR 0x36 and 0x5c, as the database keeps them. */
  static byte[][] pads(byte[] key) {
    byte[] ipad = new byte[64];
    byte[] opad = new byte[64];
    for (int i = 0; i < 64; i++) {
      byte k = i < key.length ? key[i] : 0;
      ipad[i] = (byte) (k ^ 0x36);
      opad[i] = (byte) (k ^ 0x5c);
    }
    return new byte[][] {ipad, opad};
  }

  /**
   * The signed context of one statement: {@code <hex mac>:<json>}, bound to the server process that
   * runs it and expiring after {@code validMillis}.
   */
  static String context(UserIdentity user, int backendPid, long validMillis, byte[] key) {
    ObjectNode body = JSON.createObjectNode();
    body.put("v", 1);
    body.put("pid", backendPid);
    body.put("exp", System.currentTimeMillis() + validMillis);
    body.put("user", user.name());
    body.putArray("roles")
        .addAll(user.roles().stream().map(r -> JSON.getNodeFactory().textNode(r)).toList());
    ObjectNode attrs = body.putObject("attrs");
    user.attributes().forEach(attrs::put);
    String json = body.toString();
    return HexFormat.of().formatHex(hmac(key, json)) + ":" + json;
  }

  private static byte[] hmac(byte[] key, String message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no HMAC-SHA-256", e);
    }
  }

  static String hash(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
