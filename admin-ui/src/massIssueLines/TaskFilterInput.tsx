import { SelectInput, useGetList, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { formatRomeDateTime } from '../fields/romeDateTime';
import type { MassIssueTask } from '../../../api-types';

interface TaskFilterInputProps {
  source: string;
  /** Read by react-admin's filter form: the filter is shown without adding it first. */
  alwaysOn?: boolean;
}

/**
 * A list filter on a mass issuing task, among the latest ones: each as its match or season
 * ticket, its file (or "typed lines") and when it was created. A task older than those (reached
 * from its own page) still shows, by its id.
 */
export function TaskFilterInput({ source }: TaskFilterInputProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { filterValues } = useListContext();
  const { data = [], isPending } = useGetList<MassIssueTask>('mass-issues', {
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 100 },
  });
  const choices = data.map((task) => ({
    id: String(task.id),
    name: [
      task.title,
      task.file_name ?? translate('resources.mass-issues.sources.manual'),
      formatRomeDateTime(task.created_at, locale),
    ].join(' · '),
  }));
  const chosen: unknown = (filterValues as Record<string, unknown>)[source];
  if (typeof chosen === 'string' && chosen !== '' && !choices.some((choice) => choice.id === chosen)) {
    choices.unshift({ id: chosen, name: chosen });
  }
  return (
    <SelectInput
      source={source}
      label="resources.mass-issue-lines.fields.task_id"
      choices={choices}
      translateChoice={false}
      isPending={isPending}
      sx={{ minWidth: 320 }}
    />
  );
}
