package dev.parlance.adapters.db.governance;

import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;

/**
 * The policy's row cap on the rewritten query: one row more than the cap, so that the executor can
 * tell the result was cut. A plain query gets {@code LIMIT cap+1}, a larger literal {@code LIMIT}
 * is lowered (same first rows); anything else — set operations, {@code FETCH}, {@code OFFSET},
 * non-literal limits — is wrapped in {@code SELECT * FROM (…) parlance_capped LIMIT cap+1}.
 */
final class RowCap {
  private RowCap() {}

  static Select apply(Select top, int cap) {
    long limit = cap + 1L;
    if (top instanceof PlainSelect p) {
      Limit current = p.getLimit();
      boolean other =
          p.getFetch() != null
              || p.getOffset() != null
              || p.getTop() != null
              || p.getFirst() != null;
      if (current == null && !other) {
        p.setLimit(new Limit().withRowCount(new LongValue(limit)));
        return p;
      }
      if (current != null
          && !other
          && current.getByExpressions() == null
          && current.getRowCount() instanceof LongValue v) {
        if (v.getValue() > limit) {
          current.setRowCount(new LongValue(limit));
        }
        return p;
      }
    }
    // A set operation's trailing LIMIT belongs to its last part in the parser's tree but to the
    // whole result in the database's reading: wrapping keeps the text as written.
    if (top instanceof SetOperationList
        || top instanceof PlainSelect
        || top instanceof ParenthesedSelect) {
      PlainSelect outer = new PlainSelect();
      // the WITH clause stays in front, where readers (and tests) expect it
      outer.setWithItemsList(top.getWithItemsList());
      top.setWithItemsList(null);
      outer.addSelectItems(new AllColumns());
      ParenthesedSelect inner = new ParenthesedSelect();
      inner.setSelect(top);
      inner.setAlias(new Alias("parlance_capped", false));
      outer.setFromItem(inner);
      outer.setLimit(new Limit().withRowCount(new LongValue(limit)));
      return outer;
    }
    throw new Deny(
        dev.parlance.domain.governance.RefusalKind.NOT_A_QUERY,
        "this form of query cannot be capped; write it as a plain SELECT");
  }
}
