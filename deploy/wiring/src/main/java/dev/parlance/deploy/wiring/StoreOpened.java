package dev.parlance.deploy.wiring;

import dev.parlance.adapters.db.store.MetadataStore;

/**
 * The metadata store has just been opened (and migrated); {@code store.createdNow()} on a first
 * start.
 */
public record StoreOpened(MetadataStore store) {}
