package dev.parlance.adapters.db.curation.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The curation file's shape (wire DTOs: field names are the file's keys in snake case). Empty
 * lists, empty strings and defaults are left out when writing, so files stay short.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"source", "hints", "hiddenTables", "synonyms", "views", "tables", "verified"})
public final class CurationDocument {
  public String source;
  public List<String> hints = new ArrayList<>();
  public List<String> hiddenTables = new ArrayList<>();
  public List<SynonymEntry> synonyms = new ArrayList<>();
  public List<ViewEntry> views = new ArrayList<>();
  public List<TableEntry> tables = new ArrayList<>();
  public List<VerifiedEntry> verified = new ArrayList<>();

  /** A user term and what it stands for. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @JsonPropertyOrder({"term", "target"})
  public static final class SynonymEntry {
    public String term;
    public String target;
  }

  /** An LLM-friendly view. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @JsonPropertyOrder({"name", "kind", "description", "inDatabase", "sql", "dialects", "columns"})
  public static final class ViewEntry {
    public String name;
    public String kind;
    public String description;

    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    public boolean inDatabase;

    public String sql;
    public Map<String, String> dialects = new LinkedHashMap<>();
    public List<ColumnEntry> columns = new ArrayList<>();
  }

  /** A base table's description. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @JsonPropertyOrder({"name", "description", "columns"})
  public static final class TableEntry {
    public String name;
    public String description;
    public List<ColumnEntry> columns = new ArrayList<>();
  }

  /** A column's data description. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @JsonPropertyOrder({"name", "meaning", "unit", "values", "valuesShown"})
  public static final class ColumnEntry {
    public String name;
    public String meaning;
    public String unit;
    public Map<String, String> values = new LinkedHashMap<>();

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public Boolean valuesShown;
  }

  /** A verified question. */
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  @JsonPropertyOrder({"id", "question", "difficulty", "status", "owner", "sql"})
  public static final class VerifiedEntry {
    public String id;
    public String question;
    public String difficulty;
    public String status;
    public String owner;
    public String sql;
  }
}
