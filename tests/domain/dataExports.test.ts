import { describe, expect, test } from 'vitest';
import { DATA_EXPORT_STATES, DATA_EXPORT_STATUSES, DATA_EXPORT_TEXTS, dataExportOffers, dataExportTransition } from '../../src/domain/dataExports';
import { PERMISSION_KEYS } from '../../src/domain/permissions';
import { DATA_EXPORT_PERMISSIONS } from '../../src/domain/dataExports';

describe('the data export state table', () => {
  test('covers every status of the table data_exports, and only those', () => {
    expect(Object.keys(DATA_EXPORT_STATES).sort()).toEqual([...DATA_EXPORT_STATUSES].sort());
    expect([...DATA_EXPORT_STATUSES]).toEqual(['pending', 'pending_validation', 'completed', 'failed', 'revoked']);
  });

  test('pending, then pending_validation, then completed; may be failed or revoked', () => {
    expect(dataExportTransition('pending', 'submit')).toBe('pending_validation');
    expect(dataExportTransition('pending_validation', 'validate')).toBe('pending_validation');
    expect(dataExportTransition('pending_validation', 'build_done')).toBe('completed');
    expect(dataExportTransition('pending_validation', 'build_failed')).toBe('failed');
    expect(dataExportTransition('completed', 'build_done')).toBeUndefined();
  });

  test('Validate is offered at pending_validation only; Revoke unless completed (or already revoked)', () => {
    const offered = (action: 'validate' | 'revoke') => DATA_EXPORT_STATUSES.filter((s) => dataExportOffers(s, action));
    expect(offered('validate')).toEqual(['pending_validation']);
    expect(offered('revoke')).toEqual(['pending', 'pending_validation', 'failed']);
    for (const status of offered('revoke')) expect(dataExportTransition(status, 'revoke')).toBe('revoked');
  });

  test('final states lead nowhere but a failed export may still be revoked', () => {
    expect(Object.keys(DATA_EXPORT_STATES.completed.next)).toEqual([]);
    expect(Object.keys(DATA_EXPORT_STATES.revoked.next)).toEqual([]);
    expect(DATA_EXPORT_STATES.failed.final).toBe(true);
  });

  test('the permissions are keys of the role model, and the texts are the spec’s words', () => {
    for (const key of Object.values(DATA_EXPORT_PERMISSIONS)) expect(PERMISSION_KEYS).toContain(key);
    expect(DATA_EXPORT_TEXTS).toMatchObject({
      noEmail: 'No email set',
      unavailable: 'Data export unavailable',
      success: 'Export successful',
      error: 'Error exporting patient data',
      empty: 'No export requests found',
      noToken: 'No download token found. Please check your download link and try again.',
      downloadFailed: 'Download failed. Please try again or contact support.',
    });
  });
});
