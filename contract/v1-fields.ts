// The fields of contract v1's shapes, for what stands in for a provider of v1 alone (the dev tool and the MSW fake's v1 set).

/** The fields each v1 shape has (docs/contract.md, "Shapes", the rows of v1). */
export const V1_FIELDS = {
  Category: ['id', 'name', 'description', 'image', 'sort'],
  SubCategory: ['id', 'category_id', 'name', 'image', 'sort'],
  MenuItem: [
    'id',
    'cat_id',
    'sub_cat_id',
    'name',
    'description',
    'price',
    'image',
    'available',
    'tags',
    'prep_minutes',
  ],
  Table: ['id', 'name', 'seats', 'status'],
  Summary: ['open_orders', 'average_wait_minutes', 'tables_free', 'tables_total'],
  Order: ['orderID', 'table_id', 'status', 'items', 'note', 'total', 'created_at', 'updated_at'],
  OrderLine: ['line_id', 'menu_id', 'name', 'price', 'quantity', 'note'],
  NewOrder: ['table_id', 'items', 'note'],
  NewOrderLine: ['menu_id', 'quantity', 'note'],
  AddMenu: ['orderID', 'menu_id', 'quantity', 'note'],
} as const;
