package dev.parlance.web.answers;

/** {@code POST /api/v1/answers/{id}/reading}: the number (from 1) of the reading chosen. */
public record ReadingRequest(Integer reading) {}
