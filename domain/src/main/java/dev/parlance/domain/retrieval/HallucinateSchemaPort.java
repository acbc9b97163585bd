package dev.parlance.domain.retrieval;

/** Asks a language model for the minimal schema that would answer a question (CRUSH4SQL §3.1). */
@FunctionalInterface
public interface HallucinateSchemaPort {
  HallucinatedSchema hallucinate(String question);
}
