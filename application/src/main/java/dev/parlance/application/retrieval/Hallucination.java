package dev.parlance.application.retrieval;

import dev.parlance.domain.completion.Completions;
import dev.parlance.domain.retrieval.HallucinatedSchema;

/** A hallucinated schema and the call that made it (its text, tokens, cost and latency). */
public record Hallucination(HallucinatedSchema schema, Completions completions) {}
