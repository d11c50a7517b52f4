import { within, type ByRoleMatcher } from '@testing-library/react';

/** The texts of every element of a role inside an element, in order: a select's options, a list's items. */
export const roleTexts = (element: HTMLElement, role: ByRoleMatcher) =>
  within(element)
    .getAllByRole(role)
    .map((found) => found.textContent);
