import type { WidgetProps } from '@rjsf/utils';
import { Icd10CodesWidget } from '../../claims/Icd10CodesWidget';

/**
 * One ICD-10-CM code (`"ui:widget": "icd10_code"` on a string: a condition's `additional_info.icd10_id`,
 * spec 001 section 5): the claims' code picker holding one code, searched by code or by words.
 */
export function Icd10CodeWidget(props: WidgetProps) {
  const codes = typeof props.value === 'string' && props.value !== '' ? [props.value] : [];
  return <Icd10CodesWidget {...props} value={codes} options={{ ...props.options, max: 1 }} onChange={(next: string[]) => props.onChange(next[0])} />;
}
