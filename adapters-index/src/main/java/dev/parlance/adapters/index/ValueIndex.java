package dev.parlance.adapters.index;

import dev.parlance.domain.values.IndexValuesPort;
import dev.parlance.domain.values.SearchValuesPort;

/** Distinct column values of every source, searched by character trigrams. */
public interface ValueIndex extends IndexValuesPort, SearchValuesPort {}
