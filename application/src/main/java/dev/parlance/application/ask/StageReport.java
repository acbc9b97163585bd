package dev.parlance.application.ask;

import dev.parlance.domain.completion.Cost;
import dev.parlance.domain.completion.TokenUsage;

/**
 * What one stage of a question's way cost: its LLM calls and their tokens and money, the time spent
 * waiting for the model and the time spent in Parlance itself.
 *
 * @param oneTime work done once per source or process (first indexing), not per question
 */
public record StageReport(
    String name,
    int calls,
    TokenUsage usage,
    Cost cost,
    long llmMillis,
    long otherMillis,
    boolean oneTime) {}
