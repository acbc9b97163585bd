package dev.parlance.application.retrieval;

/** Finds the few columns of a source that a question needs. */
@FunctionalInterface
public interface RetrieveSchemaUseCase {
  SchemaSelection retrieve(RetrievalQuery query);
}
