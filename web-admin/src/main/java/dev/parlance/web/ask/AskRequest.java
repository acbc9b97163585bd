package dev.parlance.web.ask;

import jakarta.json.bind.annotation.JsonbProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /api/v1/sources/{name}/ask}: the question, and optionally a strategy ({@code direct},
 * {@code crush}, {@code dinsql}, …), how many candidates to ask the model for, and the number of an
 * earlier answer of the caller's that the question follows up.
 */
public record AskRequest(
    String question,
    String strategy,
    Integer candidates,
    @Schema(
            description =
                "the number of an earlier answer in your own history that this question follows"
                    + " up (\"and in 2023?\"): its question and SQL are the conversation's context;"
                    + " 404 when there is none of yours")
        @JsonbProperty("follow_up")
        Long followUp) {}
