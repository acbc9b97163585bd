package dev.parlance.domain.retrieval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema a language model imagines would answer a question (CRUSH4SQL §3.1), e.g. {@code
 * Station(Name, Latitude)}. Its {@code table.column} strings are the probes of collective
 * retrieval.
 */
public record HallucinatedSchema(List<HallucinatedTable> tables) {

  // CRUSH4SQL's own parse of the model's output, after '/' and '-' become spaces.
  private static final Pattern TABLE = Pattern.compile("(\\w+)\\(([\\w\\s,]+)\\)");

  public HallucinatedSchema {
    tables = List.copyOf(tables);
  }

  /** One imagined table and its columns. */
  public record HallucinatedTable(String name, List<String> columns) {
    public HallucinatedTable {
      Objects.requireNonNull(name, "name");
      columns = List.copyOf(columns);
    }
  }

  public static HallucinatedSchema empty() {
    return new HallucinatedSchema(List.of());
  }

  /**
   * Reads every {@code Table(col, col, ...)} in a model's answer, ignoring prose, list markers and
   * anything else it wrapped them in.
   */
  public static HallucinatedSchema parse(String modelOutput) {
    if (modelOutput == null) {
      return empty();
    }
    Matcher m = TABLE.matcher(modelOutput.replace('/', ' ').replace('-', ' '));
    List<HallucinatedTable> found = new ArrayList<>();
    while (m.find()) {
      List<String> columns = new ArrayList<>();
      for (String c : m.group(2).split(",")) {
        String column = c.strip().replaceAll("\\s+", " ");
        if (!column.isEmpty()) {
          columns.add(column);
        }
      }
      if (!columns.isEmpty()) {
        found.add(new HallucinatedTable(m.group(1), columns));
      }
    }
    return new HallucinatedSchema(found);
  }

  /** Parses each line or fragment of a model's answer and joins the tables found. */
  public static HallucinatedSchema parseAll(List<String> fragments) {
    return parse(String.join("\n", fragments));
  }

  public boolean isEmpty() {
    return tables.isEmpty();
  }

  /** The distinct {@code table.column} probes, in order of appearance. */
  public List<String> probes() {
    Set<String> probes = new LinkedHashSet<>();
    for (HallucinatedTable t : tables) {
      for (String c : t.columns()) {
        probes.add(t.name() + "." + c);
      }
    }
    return List.copyOf(probes);
  }
}
