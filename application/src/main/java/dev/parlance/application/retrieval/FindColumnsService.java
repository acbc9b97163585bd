package dev.parlance.application.retrieval;

import dev.parlance.application.access.SourceAccess;
import dev.parlance.application.ask.Visibility;
import dev.parlance.application.ask.VisibleValues;
import dev.parlance.domain.catalog.ReadCatalogPort;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.governance.ExecuteQueryPort;
import dev.parlance.domain.governance.GovernancePoliciesPort;
import dev.parlance.domain.governance.GovernancePolicy;
import dev.parlance.domain.retrieval.ElementKind;
import dev.parlance.domain.retrieval.ElementText;
import dev.parlance.domain.retrieval.RetrievalMode;
import dev.parlance.domain.retrieval.SchemaElement;
import dev.parlance.domain.source.DataSource;
import dev.parlance.domain.source.DataSourcesPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Schema search for a user who may use the source. The schema index is shared by every user of a
 * source and its details hold sample values read with an operator's rights, so what it returns is
 * cut to the user: tables and columns the user's policy refuses or hides are left out, and a sample
 * value is shown only when the user's own governed SQL finds it ({@link VisibleValues}).
 */
public final class FindColumnsService implements FindColumnsUseCase {

  private final SourceSchemaUseCase schema;
  private final DataSourcesPort sources;
  private final GovernancePoliciesPort policies;
  private final ReadCatalogPort catalogs;
  private final ExecuteQueryPort execute;

  /**
   * @param catalogs the catalog prompts are built from (structure only), to know what the user may
   *     see
   * @param execute governed execution, the rule for which values the user may see
   */
  public FindColumnsService(
      SourceSchemaUseCase schema,
      DataSourcesPort sources,
      GovernancePoliciesPort policies,
      ReadCatalogPort catalogs,
      ExecuteQueryPort execute) {
    this.schema = schema;
    this.sources = sources;
    this.policies = policies;
    this.catalogs = catalogs;
    this.execute = execute;
  }

  @Override
  public SchemaSelection find(
      dev.parlance.domain.governance.UserIdentity user,
      String source,
      String question,
      int budget) {
    SourceAccess.requireUse(user, source);
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("q: the question is empty");
    }
    if (question.length() > 2000) {
      throw new IllegalArgumentException("q: longer than 2000 characters");
    }
    if (budget < 1 || budget > MAX_BUDGET) {
      throw new IllegalArgumentException(
          "budget: must be between 1 and " + MAX_BUDGET + ", got " + budget);
    }
    SchemaSelection selection =
        schema
            .search(source, question.strip(), RetrievalMode.DEFAULT, budget, Progress.silent())
            .selection();
    DataSource found = sources.find(source).orElseThrow(() -> new UnknownSourceException(source));
    GovernancePolicy policy =
        policies.current(found.name()).orElseGet(() -> GovernancePolicy.defaults(found.name()));
    SchemaCatalog visible =
        new Visibility(policy, user, found.dialect()).visible(catalogs.read(found));
    // A user nothing binds reads every row of the allowed relations: the samples need no check.
    boolean unbound = VisibleValues.bindsNothing(policy, user);
    VisibleValues rule = new VisibleValues(execute, found, policy, user);
    List<SchemaSelection.Pick> out = new ArrayList<>();
    for (SchemaSelection.Pick pick : selection.columns()) {
      SchemaElement e = pick.element();
      if (e.kind() == ElementKind.VERIFIED_QUERY) {
        out.add(pick); // a steward's approved example, shown to every user of the source
        continue;
      }
      var table = visible.table(e.table());
      if (table.isEmpty()) {
        continue;
      }
      if (e.kind() == ElementKind.TABLE) {
        out.add(pick);
        continue;
      }
      var column = table.get().column(e.column());
      if (column.isEmpty()) {
        continue;
      }
      String details =
          unbound
              ? e.details()
              : ElementText.withValues(
                  e.details(),
                  values -> List.copyOf(rule.of(table.get().name(), column.get().name(), values)));
      out.add(
          new SchemaSelection.Pick(
              new SchemaElement(e.id(), e.kind(), e.table(), e.column(), details, e.linked()),
              pick.score()));
    }
    return new SchemaSelection(out);
  }
}
