import { useMemo } from 'react';
import type { FormDefinition, ScreenOf } from '../../../../../schemas/screen';
import { FormView } from '../form/FormView';
import { useFormScreen } from '../form/useFormScreen';

interface TabFormProps {
  screen: ScreenOf<'tabs'>;
  tabKey: string;
  form: FormDefinition;
}

/** A tab's edit form of the screen's record (its resource and the route's :id), saved with PUT like an edit form screen's. */
export function TabForm({ screen, tabKey, form }: TabFormProps) {
  const definition = useMemo(
    (): ScreenOf<'form'> => ({
      $schema: screen.$schema,
      id: screen.id,
      version: screen.version,
      formatVersion: screen.formatVersion,
      route: screen.route,
      title: screen.title,
      kind: 'form',
      mode: 'edit',
      resource: screen.resource ?? '',
      ...(screen.entity === undefined ? {} : { entity: screen.entity }),
      form,
    }),
    [screen, form],
  );
  const controller = useFormScreen(definition);
  return <FormView form={controller} draftKey={`${screen.id}:${controller.id ?? 'new'}:${tabKey}`} />;
}
