import type { ShowBody } from '../../../../../schemas/screen';
import type { DefinitionLocation } from '../../core/resolve';
import { ErrorMessage, Loading } from '../../skin/StatusViews';
import { ShowBase } from './ShowBase';
import { ShowContent } from './ShowContent';
import { useShowScreen } from './useShowScreen';

/** A show body wherever a definition puts one: a show screen or a tab. */
export function ShowView({ body, location }: { body: ShowBody; location: DefinitionLocation }) {
  const show = useShowScreen(body, location);
  return (
    <ShowBase show={show} loading={<Loading />} error={(error) => <ErrorMessage error={error} />}>
      <ShowContent show={show} />
    </ShowBase>
  );
}
