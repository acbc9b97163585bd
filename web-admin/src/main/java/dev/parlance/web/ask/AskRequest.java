package dev.parlance.web.ask;

import jakarta.json.bind.annotation.JsonbProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /api/v1/sources/{name}/ask}: the question, and optionally a strategy ({@code direct},
 * {@code c3}, {@code din}, {@code ta-sql}, {@code rb-sql}) or several comma-separated with {@code
 * "select": "vote"}, how many candidates to ask the model for, and the number of an earlier answer
 * of the caller's that the question follows up.
 */
public record AskRequest(
    String question,
    @Schema(
            description =
                "direct, c3, din, ta-sql or rb-sql (default: the source's, else the configured"
                    + " one); several, comma-separated (\"direct,c3,din\"), with \"select\":"
                    + " \"vote\"")
        String strategy,
    @Schema(
            description =
                "the SQL candidates that vote (1 to 16); not with \"select\": \"vote\", which"
                    + " draws one from each strategy")
        Integer candidates,
    @Schema(
            description =
                "the number of an earlier answer in your own history that this question follows"
                    + " up (\"and in 2023?\"): its question and SQL are the conversation's context;"
                    + " 404 when there is none of yours")
        @JsonbProperty("follow_up")
        Long followUp,
    @Schema(
            description =
                "vote: the strategies named in strategy (at least two) give one candidate each,"
                    + " run and voted by their results (SQL-PaLM's test-time selection); the"
                    + " answer's notes say which strategies agreed. 400 for an unknown strategy or"
                    + " selection, several strategies without it, or it with fewer than two")
        String select) {}
