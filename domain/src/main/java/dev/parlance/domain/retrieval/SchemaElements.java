package dev.parlance.domain.retrieval;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Explodes a catalog into retrievable elements: one per table and one per column. */
public final class SchemaElements {
  private SchemaElements() {}

  public static List<SchemaElement> of(SchemaCatalog catalog, ElementText style) {
    Map<String, Set<String>> links = foreignKeyLinks(catalog);
    List<SchemaElement> elements = new ArrayList<>(catalog.columnCount() + catalog.tables().size());
    for (Table table : catalog.tables()) {
      elements.add(SchemaElement.table(table.name(), style.details(table)));
      for (Column column : table.columns()) {
        String id = SchemaElement.idOf(table.name(), column.name());
        elements.add(
            SchemaElement.column(
                table.name(),
                column.name(),
                style.details(table, column),
                links.getOrDefault(id, Set.of())));
      }
    }
    return elements;
  }

  /**
   * A digest of a model and the elements it embeds, in order: equal digests mean an index would
   * hold the same elements, so indexing them again can be skipped.
   */
  public static String fingerprint(String model, List<SchemaElement> elements) {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    update(digest, model);
    for (SchemaElement e : elements) {
      update(digest, e.kind().name());
      update(digest, e.table());
      update(digest, e.column());
      update(digest, e.details());
      e.linked().stream().sorted().forEach(link -> update(digest, link));
      update(digest, "");
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static void update(MessageDigest digest, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    digest.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
    digest.update(bytes);
  }

  // Both ends of every foreign key know each other.
  private static Map<String, Set<String>> foreignKeyLinks(SchemaCatalog catalog) {
    Map<String, Set<String>> links = new HashMap<>();
    for (Table table : catalog.tables()) {
      for (ForeignKey fk : table.foreignKeys()) {
        for (int i = 0; i < fk.columns().size(); i++) {
          String from = SchemaElement.idOf(table.name(), fk.columns().get(i));
          String to = SchemaElement.idOf(fk.referencedTable(), fk.referencedColumns().get(i));
          links.computeIfAbsent(from, k -> new HashSet<>()).add(to);
          links.computeIfAbsent(to, k -> new HashSet<>()).add(from);
        }
      }
    }
    return links;
  }
}
