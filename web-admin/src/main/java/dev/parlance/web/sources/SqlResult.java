package dev.parlance.web.sources;

import dev.parlance.web.ask.CutJson;
import java.util.List;

/**
 * A governed statement's rows: column names, rows of values, whether rows were left out, and which
 * limits cut the result and why ({@link CutJson}).
 */
public record SqlResult(
    List<String> columns, List<List<Object>> rows, boolean truncated, List<CutJson> cuts) {}
