-- The course list is newest first (created_at desc, id desc): read backwards, this index gives a
-- page its rows without reading and sorting every course, and the page's total is counted apart
-- (modules/courses/repository.ts).
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at","id");