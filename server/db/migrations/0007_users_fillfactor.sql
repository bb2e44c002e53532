-- Tree counters of every ancestor change with each placement (decisions.md §4): leave room on each
-- page so those updates stay heap-only (HOT) and skip the users table's many indexes.
ALTER TABLE "users" SET (fillfactor = 80);
