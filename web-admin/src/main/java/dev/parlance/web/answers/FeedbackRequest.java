package dev.parlance.web.answers;

/** {@code POST /api/v1/answers/{id}/feedback}: {@code right} or {@code wrong}, and a comment. */
public record FeedbackRequest(String verdict, String comment) {}
