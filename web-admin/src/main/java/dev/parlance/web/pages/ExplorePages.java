package dev.parlance.web.pages;

import dev.parlance.application.answer.AnswerRowsUseCase;
import dev.parlance.application.explore.BrowseCatalogUseCase;
import dev.parlance.application.source.UseSourcesUseCase;
import dev.parlance.domain.governance.QueryResult;
import dev.parlance.domain.governance.UserIdentity;
import dev.parlance.web.answers.Rerun;
import dev.parlance.web.answers.ResultWorkbook;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Exploring a source and taking an answer away: the catalog of a source's views and columns in the
 * users' words ({@code /portal/catalog?source=NAME&q=WORDS}) and an answer's rows as an Excel
 * workbook ({@code /portal/answer.xlsx?answer=ID}). The workbook's rows come from running the
 * answer's SQL again as the user downloading it: the history holds no rows.
 */
public class ExplorePages extends PageServlet {

  private static final Page CATALOG = Page.of("catalog", "Catalog", "catalog");
  private static final Page DOWNLOAD = Page.of("error", "Download", "ask");

  private static final long serialVersionUID = 1L;

  @Inject transient UseSourcesUseCase sources;
  @Inject transient BrowseCatalogUseCase catalogs;
  @Inject transient AnswerRowsUseCase answerRows;

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    switch (request.getServletPath()) {
      case "/portal/catalog" ->
          page(request, response, CATALOG, (user, model) -> catalog(request, user, model));
      case "/portal/answer.xlsx" ->
          page(request, response, DOWNLOAD, (user, model) -> workbook(request, response, user));
      default -> response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
    }
  }

  private void catalog(HttpServletRequest request, UserIdentity user, Map<String, Object> model) {
    String asked = field(request, "source");
    List<String> usable =
        sources.usable(user).stream().map(UseSourcesUseCase.SourceSummary::name).toList();
    String source = asked.isEmpty() ? usable.stream().findFirst().orElse("") : asked;
    List<Map<String, Object>> options = new ArrayList<>();
    for (String name : usable) {
      options.add(Map.of("name", name, "selected", name.equals(source)));
    }
    model.put("sources", options);
    model.put("q", field(request, "q"));
    if (source.isEmpty()) {
      model.put("noSources", true);
      return;
    }
    model.put("catalog", CatalogView.of(catalogs.catalog(user, source, field(request, "q"))));
  }

  private void workbook(HttpServletRequest request, HttpServletResponse response, UserIdentity user)
      throws IOException {
    long answer = number(request, "answer", -1);
    QueryResult rows = Rerun.rows(answerRows.rows(user, answer));
    response.setContentType(ResultWorkbook.MEDIA_TYPE);
    response.setHeader("Cache-Control", "no-store");
    response.setHeader(
        "Content-Disposition", "attachment; filename=\"" + ResultWorkbook.fileName(answer) + "\"");
    ResultWorkbook.write(rows, response.getOutputStream());
    response.flushBuffer();
  }
}
