package dev.parlance.adapters.index;

import dev.parlance.domain.retrieval.IndexSchemaPort;
import dev.parlance.domain.retrieval.SearchAllSourcesPort;
import dev.parlance.domain.retrieval.SearchSchemaPort;

/** Schema elements of every source, written and searched: what each index implementation offers. */
public interface SchemaIndex extends IndexSchemaPort, SearchSchemaPort, SearchAllSourcesPort {}
