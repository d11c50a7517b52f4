import type { ComponentType } from 'react';
import type { ScreenKind, ScreenOf } from '../../../../schemas/screen';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { FormScreen } from './form/FormScreen';
import { ListScreen } from './list/ListScreen';
import { ShowScreen } from './show/ShowScreen';
import { TabsScreen } from './tabs/TabsScreen';

/** The component of each screen kind. */
export const screenKinds: { readonly [K in ScreenKind]: ComponentType<{ definition: ScreenOf<K> }> } = {
  dashboard: DashboardScreen,
  form: FormScreen,
  list: ListScreen,
  show: ShowScreen,
  tabs: TabsScreen,
};
