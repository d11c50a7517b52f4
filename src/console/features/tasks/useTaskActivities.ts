import { useQuery } from '@tanstack/react-query';
import type { TaskActivity } from '../../../../schemas/entities/taskActivity';
import type { Id } from '../../api/dataProvider';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';

/** The newest activities a task's history shows; a task has a handful (created, assigned, completed, reopened ...). */
export const TASK_ACTIVITIES_SHOWN = 50;

const activityQueries = resourceQueries('task-activities');

/**
 * A task's activities, newest first (spec 001 section 7: "GET task-activities (task_id, newest
 * first)"), read only while `enabled` (the history is open). Every write marks them stale, so a
 * completion shows in an open history.
 */
export function useTaskActivities(taskId: Id, enabled: boolean) {
  const query = useQuery({
    ...activityQueries.list(useDataProvider(), {
      filter: { 'task_id[eq]': taskId },
      sort: { field: 'performed_at', order: 'desc' },
      pagination: { page: 1, perPage: TASK_ACTIVITIES_SHOWN },
    }),
    enabled,
  });
  return {
    activities: query.data?.data as Partial<TaskActivity>[] | undefined,
    failed: query.isError,
    retry: () => void query.refetch(),
  };
}
