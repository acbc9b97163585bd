package dev.parlance.application.retrieval;

import dev.parlance.domain.catalog.Column;
import dev.parlance.domain.catalog.ForeignKey;
import dev.parlance.domain.catalog.SchemaCatalog;
import dev.parlance.domain.catalog.Table;
import dev.parlance.domain.catalog.TableKind;
import java.util.List;

/** A small shop schema: customers place orders of products; planets are unrelated. */
final class ShopFixture {
  private ShopFixture() {}

  static SchemaCatalog catalog(String source) {
    Table customers =
        new Table(
            "customers",
            TableKind.TABLE,
            "people who buy",
            List.of(
                Column.of("id", "INTEGER"),
                Column.of("name", "TEXT"),
                Column.of("city", "TEXT"),
                Column.of("email", "TEXT")),
            List.of("id"),
            List.of());
    Table orders =
        new Table(
            "orders",
            TableKind.TABLE,
            "",
            List.of(
                Column.of("order_id", "INTEGER"),
                Column.of("buyer_ref", "INTEGER"),
                Column.of("product_ref", "INTEGER"),
                Column.of("total", "REAL"),
                Column.of("placed_on", "DATE")),
            List.of("order_id"),
            List.of(
                ForeignKey.of("buyer_ref", "customers", "id"),
                ForeignKey.of("product_ref", "products", "product_id")));
    Table products =
        new Table(
            "products",
            TableKind.TABLE,
            "",
            List.of(
                Column.of("product_id", "INTEGER"),
                Column.of("title", "TEXT"),
                Column.of("price", "REAL")),
            List.of("product_id"),
            List.of());
    Table planets =
        new Table(
            "planets",
            TableKind.TABLE,
            "",
            List.of(Column.of("planet_name", "TEXT"), Column.of("mass", "REAL")),
            List.of(),
            List.of());
    return new SchemaCatalog(source, List.of(customers, orders, products, planets));
  }
}
