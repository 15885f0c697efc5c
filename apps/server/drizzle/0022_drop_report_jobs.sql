-- The report packs are jobs on the queue now (schema pgboss, issue 56): their own table goes.
DROP TABLE "report_jobs" CASCADE;