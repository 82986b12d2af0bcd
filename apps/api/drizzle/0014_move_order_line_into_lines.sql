-- An order is a list of lines, always: an order placed for one photo (its line, photo and quantity in the columns
-- "line", "upload_id" and "quantity") gets the one-item "lines" a cart order already has. The next migration makes
-- "lines" required and drops those columns.
UPDATE "orders"
SET "lines" = jsonb_build_array(
  jsonb_build_object('cartLineId', NULL, 'uploadId', "upload_id", 'quantity', "quantity", 'line', "line")
)
WHERE "lines" IS NULL;
