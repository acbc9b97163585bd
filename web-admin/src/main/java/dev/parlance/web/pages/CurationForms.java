package dev.parlance.web.pages;

import static dev.parlance.web.pages.PageServlet.field;
import static dev.parlance.web.pages.PageServlet.number;

import dev.parlance.application.curation.CurateItemsUseCase;
import dev.parlance.application.curation.CurationJobsUseCase;
import dev.parlance.domain.curation.ViewKind;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;

/** The curation page's form fields: texts as typed, a view's definition, a job's work. */
final class CurationForms {

  private CurationForms() {}

  /** A text field as typed (line breaks and indentation kept); empty when absent. */
  static String text(HttpServletRequest request, String name) {
    String value = request.getParameter(name);
    return value == null ? "" : value;
  }

  /** The view the form posted, kept in the editor whatever becomes of it. */
  static CurateItemsUseCase.ViewDefinition viewDefinition(
      HttpServletRequest request, Map<String, Object> model) {
    String name = field(request, "view");
    String kind = field(request, "kind");
    String sql = text(request, "sql");
    model.put("editor", CurationModels.editorModel(name, kind, sql, Optional.empty()));
    return new CurateItemsUseCase.ViewDefinition(name, ViewKind.parse(kind), sql);
  }

  static CurationJobsUseCase.Work work(HttpServletRequest request, String action) {
    return switch (action) {
      case "publish" -> new CurationJobsUseCase.Work.Publish(field(request, "note"));
      case "rollback" -> new CurationJobsUseCase.Work.Rollback(number(request, "version", -1));
      case "model-check" -> new CurationJobsUseCase.Work.ModelCheck();
      default -> throw new IllegalArgumentException("action: not a job: '" + action + "'");
    };
  }
}
