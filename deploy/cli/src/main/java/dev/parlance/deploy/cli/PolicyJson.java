package dev.parlance.deploy.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parlance.domain.governance.ColumnRule;
import dev.parlance.domain.governance.ColumnTreatment;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.governance.RowFilter;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/** The policy file stewards edit: the JSON form of a {@link GovernancePolicy}'s rules. */
final class PolicyJson {
  private PolicyJson() {}

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  static String write(GovernancePolicy p) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("source", p.source());
    root.put("version", p.version());
    root.put("edited_by", p.editedBy());
    root.put("edited_at", p.editedAt().toString());
    ArrayNode schemas = root.putArray("allowed_schemas");
    p.allowedSchemas().stream().sorted().forEach(schemas::add);
    ArrayNode tables = root.putArray("allowed_tables");
    p.allowedTables().stream().sorted().forEach(tables::add);
    root.put("row_cap", p.rowCap());
    root.put("timeout_ms", p.timeout().toMillis());
    if (!p.roleTimeouts().isEmpty()) {
      ObjectNode byRole = root.putObject("role_timeouts_ms");
      p.roleTimeouts().forEach((role, limit) -> byRole.put(role, limit.toMillis()));
    }
    if (p.costCeiling().isPresent()) {
      root.put("cost_ceiling", p.costCeiling().getAsDouble());
    } else {
      root.putNull("cost_ceiling");
    }
    ArrayNode filters = root.putArray("row_filters");
    for (RowFilter f : p.rowFilters()) {
      filters
          .addObject()
          .put("role", f.role())
          .put("table", f.table())
          .put("predicate", f.predicate())
          .put("follow_foreign_keys", f.followForeignKeys());
    }
    ArrayNode rules = root.putArray("column_rules");
    for (ColumnRule r : p.columnRules()) {
      ObjectNode o =
          rules
              .addObject()
              .put("role", r.role())
              .put("table", r.table())
              .put("column", r.column())
              .put("treatment", r.treatment().name().toLowerCase(Locale.ROOT));
      if (r.treatment() == ColumnTreatment.MASK) {
        o.put("mask_sql", r.maskSql());
      }
    }
    try {
      return MAPPER.writeValueAsString(root);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A draft policy for {@code source} from a steward's file; version, author and time come from
   * publishing, not from the file.
   *
   * @throws IllegalArgumentException naming what is wrong in the file
   */
  static GovernancePolicy read(String source, String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("the policy file is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("the policy file must hold one JSON object");
    }
    List<RowFilter> filters = new ArrayList<>();
    int n = 0;
    for (JsonNode f : root.path("row_filters")) {
      String where = "row filter " + ++n;
      JsonNode follow = f.path("follow_foreign_keys");
      if (!follow.isMissingNode() && !follow.isNull() && !follow.isBoolean()) {
        throw new IllegalArgumentException(where + ": follow_foreign_keys must be true or false");
      }
      filters.add(
          new RowFilter(
              text(f, "role", where),
              text(f, "table", where),
              text(f, "predicate", where),
              follow.asBoolean(false)));
    }
    List<ColumnRule> rules = new ArrayList<>();
    n = 0;
    for (JsonNode r : root.path("column_rules")) {
      String where = "column rule " + ++n;
      String role = text(r, "role", where);
      String table = text(r, "table", where);
      String column = text(r, "column", where);
      String treatment = text(r, "treatment", where);
      ColumnTreatment kind;
      try {
        kind = ColumnTreatment.valueOf(treatment.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            where + ": treatment must be mask or hide, got '" + treatment + "'");
      }
      rules.add(new ColumnRule(role, table, column, kind, r.path("mask_sql").asText(null)));
    }
    JsonNode ceiling = root.path("cost_ceiling");
    Map<String, Duration> roleTimeouts = new LinkedHashMap<>();
    JsonNode byRole = root.path("role_timeouts_ms");
    if (!byRole.isMissingNode() && !byRole.isNull() && !byRole.isObject()) {
      throw new IllegalArgumentException(
          "role_timeouts_ms must be an object of role names and milliseconds");
    }
    byRole
        .fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().canConvertToLong()) {
                throw new IllegalArgumentException(
                    "role_timeouts_ms: the timeout of role "
                        + e.getKey()
                        + " must be milliseconds");
              }
              roleTimeouts.put(e.getKey(), Duration.ofMillis(e.getValue().asLong()));
            });
    return new GovernancePolicy(
        source,
        0,
        strings(root.path("allowed_schemas")),
        strings(root.path("allowed_tables")),
        root.path("row_cap").asInt(GovernancePolicy.DEFAULT_ROW_CAP),
        Duration.ofMillis(
            root.path("timeout_ms").asLong(GovernancePolicy.DEFAULT_TIMEOUT.toMillis())),
        roleTimeouts,
        ceiling.isNumber() ? OptionalDouble.of(ceiling.asDouble()) : OptionalDouble.empty(),
        filters,
        rules,
        "",
        Instant.EPOCH);
  }

  private static String text(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(where + " needs a text field '" + field + "'");
    }
    return v.asText();
  }

  private static Set<String> strings(JsonNode array) {
    Set<String> out = new LinkedHashSet<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }
}
