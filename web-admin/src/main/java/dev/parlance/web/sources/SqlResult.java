package dev.parlance.web.sources;

import java.util.List;

/** A governed statement's rows: column names, rows of values, and whether the row cap cut them. */
public record SqlResult(List<String> columns, List<List<Object>> rows, boolean truncated) {}
