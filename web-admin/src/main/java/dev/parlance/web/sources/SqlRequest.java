package dev.parlance.web.sources;

/** {@code POST /api/v1/sources/{name}/sql}: one statement. */
public record SqlRequest(String sql) {}
