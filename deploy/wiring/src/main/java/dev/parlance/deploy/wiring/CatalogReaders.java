package dev.parlance.deploy.wiring;

import dev.parlance.application.curation.CuratedCatalogService;
import dev.parlance.application.curation.SharedCatalogs;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.curation.PublishedCurationPort;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.retrieval.IndexSchemaPort;

/**
 * The ways a source's catalog is read: its tables as they are (with or without sample values), or
 * as prompts and retrieval see it — a curated source's published views in place of the tables.
 */
public final class CatalogReaders {

  private final ReadCatalogPort structure;
  private final ReadCatalogPort withSamples;
  private final CuratedCatalogService curated;
  private final CuratedCatalogService curatedStructure;
  private final SharedCatalogs shared;

  CatalogReaders(
      ReadCatalogPort structure,
      ReadCatalogPort withSamples,
      PublishedCurationPort published,
      ExecuteQueryPort execution,
      GovernancePoliciesPort policies,
      IndexSchemaPort index) {
    this.structure = structure;
    this.withSamples = withSamples;
    this.curated = new CuratedCatalogService(withSamples, published, execution, policies);
    this.curatedStructure = new CuratedCatalogService(structure, published, execution, policies, 0);
    this.shared = new SharedCatalogs(curatedStructure, published, policies, index);
  }

  /** The database's tables and keys, no values read. */
  public ReadCatalogPort structure() {
    return structure;
  }

  /** The database's tables with a few sample values per text column. */
  public ReadCatalogPort withSamples() {
    return withSamples;
  }

  /** The curated vocabulary with sample rows of each view (indexing, schema search). */
  public CuratedCatalogService curated() {
    return curated;
  }

  /** The curated vocabulary, structure only, read afresh (indexing reads it so). */
  public CuratedCatalogService curatedStructure() {
    return curatedStructure;
  }

  /**
   * The curated vocabulary, structure only, built once per published curation, policy and index
   * version and shared: what questions' prompts and the portal's catalog are built from.
   */
  public SharedCatalogs shared() {
    return shared;
  }
}
