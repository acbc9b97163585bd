package dev.parlance.web.sources;

/**
 * {@code POST /api/v1/sources}: a source by name and JDBC URL; credentials are references (names of
 * environment variables, or a file), never the secrets themselves.
 */
public record AddSourceRequest(
    String name,
    String url,
    String userEnv,
    String passwordEnv,
    String credentialsFile,
    Boolean check) {}
