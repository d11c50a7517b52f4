import { actionRegistry } from '../registries/actions';
import type { ScreenRegistries } from '../registries/screenRegistries';
import { rjsfFieldNames, rjsfWidgetNames } from '../rjsf/theme';
import type { CheckRegistries } from './checkRegistries';

const made = new WeakMap<ScreenRegistries, CheckRegistries>();

/** What the checks read of the console's registries (./checkRegistries.ts), made once per registries object. */
export function checkRegistriesOf(registries: ScreenRegistries): CheckRegistries {
  let check = made.get(registries);
  if (!check) {
    check = {
      ...registries,
      rjsfWidgetNames: rjsfWidgetNames(registries.rjsfWidgets),
      rjsfFieldNames: rjsfFieldNames(registries.rjsfFields),
      actionTypes: actionRegistry,
    };
    made.set(registries, check);
  }
  return check;
}
