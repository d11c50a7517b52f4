-- The forecast of a patient's month (issue 13, beyond the spec): the last day on which everything
-- its progress bars measure can still be earned by the month's end (src/domain/billing/
-- programProgress.ts, lastWinnableDay), null once it is all earned. The Monitoring Progress screen
-- filters "no longer reachable" (reachable_until before today) and "at risk" (behind the month's
-- pace, reachable_until today or later) with plain range filters, so a care team works the
-- patients whose claim is still winnable.
alter table monitoring_progress add column reachable_until date;

-- The screen filters one provider's month by its first day and sorts by progress.
drop index if exists monitoring_progress_tenant_month_idx;
create index monitoring_progress_tenant_month_idx on monitoring_progress (tenant_id, start_date, progress_all, id);
create index monitoring_progress_month_idx on monitoring_progress (start_date, progress_all, id);
