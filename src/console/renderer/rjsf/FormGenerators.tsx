import type { FormDefinition } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import type { ApiRow, EvalContext } from '../core/context';
import { resolveEntry } from '../core/resolve';
import { useScreenRegistries } from '../environmentContext';
import { Button } from '../../ui/Button';

interface FormGeneratorsProps {
  generators: FormDefinition['generators'];
  context: EvalContext;
  onFill: (data: ApiRow) => void;
}

/** The buttons that fill a form from a named generator ('Generate Mock Patient'), each while its condition holds. */
export function FormGenerators({ generators = [], context, onFill }: FormGeneratorsProps) {
  const registries = useScreenRegistries();
  const shown = generators.filter((generator) => evaluateCondition(generator.visibleWhen, context));
  if (shown.length === 0) return null;
  return (
    <div className="mb-4 flex justify-end gap-2">
      {shown.map((generator) => (
        <Button
          key={generator.generator}
          onClick={() => {
            const generate = resolveEntry(registries.formGenerators, 'form generator', generator.generator, {
              file: 'a screen definition',
              path: '/form/generators',
            });
            void Promise.resolve(generate(context)).then(onFill);
          }}
        >
          {generator.label}
        </Button>
      ))}
    </div>
  );
}
