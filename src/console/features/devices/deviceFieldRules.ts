import { gatewayIdError, GATEWAY_ID_REQUIRED, normalizeGatewayId } from '../../../domain/gatewayId';
import { parseImeiList } from '../../../domain/imeiList';
import type { FieldRule } from '../../renderer/core/coreRegistries';
import { plainText } from '../../renderer/core/format';

/** Spec 000 section 5: a pasted list that holds only separators lists nothing. */
export const IMEI_LIST_EMPTY = 'Paste at least one IMEI';

const asText = (value: unknown) => plainText(value ?? '');

/** The device forms' field rules; each is tested in tests/console/renderer/registries/fieldRules.test.ts. */
export const deviceFieldRules = {
  /** A pasted IMEI list (spec 000 section 5): the same length for all; sent as the list of items. */
  imei_list: {
    check: (value) => {
      const list = parseImeiList(asText(value));
      return list.items.length === 0 ? IMEI_LIST_EMPTY : list.error;
    },
    toPayload: (value) => parseImeiList(asText(value)).items,
  },
  /** A Tenovi gateway id (spec 000 section 5): 12 characters or three groups of 4; sent without dashes. */
  gateway_id: {
    check: (value) => gatewayIdError(asText(value)),
    requiredText: GATEWAY_ID_REQUIRED,
    toPayload: (value) => normalizeGatewayId(asText(value)),
  },
} as const satisfies Readonly<Record<string, FieldRule>>;
