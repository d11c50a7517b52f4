import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ActivityData, ActivityTemplate } from '../../../domain/clinicalActivities';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';

/** The real runner (the clinical activities feature's), loaded the first time a preview is drawn. */
const ActivityRunner = lazy(() => import('../clinicalActivities/runner/ActivityRunner').then((m) => ({ default: m.ActivityRunner })));

/** A template being built may not run yet (a half-made item): the preview says why instead of taking the page down. */
class PreviewBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <ErrorMessage
        error={new Error(`The preview cannot run this template as it stands: ${String((this.state.error as Error).message ?? this.state.error)}`)}
      />
    );
  }
}

interface TemplatePreviewProps {
  template: ActivityTemplate;
  /** The answers so far: kept when the template changes, so that an edit does not lose them. */
  data: Partial<ActivityData>;
  onChange: (data: ActivityData) => void;
  onSubmit: (data: ActivityData) => Promise<void>;
  onRestart: () => void;
  /** Raised to start the run over (the runner's Cancel, or the builder's Restart). */
  round: number;
}

/**
 * The live preview (spec 002 section 2): the template in the runner, in preview mode (nothing is
 * saved). A change to the template starts the runner again on it with the answers given so far.
 */
export function TemplatePreview({ template, data, onChange, onSubmit, onRestart, round }: TemplatePreviewProps) {
  const key = `${round}:${JSON.stringify(template.activity_template_steps)}`;
  return (
    <PreviewBoundary resetKey={key}>
      <Suspense fallback={<Loading />}>
        <ActivityRunner key={key} template={template} initialData={data} mode="preview" onChange={onChange} onSubmit={onSubmit} onCancel={onRestart} />
      </Suspense>
    </PreviewBoundary>
  );
}
