import { TEST_ACCOUNTS } from '../../../domain/testAccounts';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';

/** The Testing page (spec 002 section 2): its test patient accounts to choose from. */
export const testingFeature = {
  choices: {
    /** The six test patient accounts, by e-mail (src/domain/testAccounts.ts). */
    test_accounts: () => TEST_ACCOUNTS.map((account) => ({ value: account.email, label: `${account.label}: ${account.email}` })),
  },
} as const satisfies RegistryContribution;
