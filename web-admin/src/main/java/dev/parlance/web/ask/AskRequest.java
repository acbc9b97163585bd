package dev.parlance.web.ask;

/**
 * {@code POST /api/v1/sources/{name}/ask}: the question, and optionally a strategy ({@code direct},
 * {@code crush}, {@code dinsql}, …) and how many candidates to ask the model for.
 */
public record AskRequest(String question, String strategy, Integer candidates) {}
