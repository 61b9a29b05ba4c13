import { describe, expect, it } from 'vitest';
import { base, nl } from './form-values.test-helper';
import { notificationConflictMerge } from './notification-conflict';

describe('the 412 merge, per field per locale', () => {
  it('merges different fields of one translation without asking', () => {
    const theirs = { ...base, translations: { nl: { ...nl, text: 'Hun tekst' } } };
    const yours = { ...base, translations: { nl: { ...nl, subject: 'Mijn onderwerp' } } };
    expect(notificationConflictMerge.conflicts(base, theirs, yours)).toEqual([]);
    expect(notificationConflictMerge.merge(base, theirs, yours, {}).translations).toEqual({
      nl: { ...nl, subject: 'Mijn onderwerp', text: 'Hun tekst' },
    });
  });

  it('asks about a field both changed, labelled with its language, and applies the choice', () => {
    const theirs = { ...base, translations: { nl: { ...nl, html: '<p>Hun</p>' } } };
    const yours = { ...base, translations: { nl: { ...nl, html: '<p>Mijn</p>' } } };
    const conflicts = notificationConflictMerge.conflicts(base, theirs, yours);
    expect(conflicts).toEqual([
      {
        id: 'translations.nl.html',
        label: 'HTML version (Dutch)',
        theirs: '<p>Hun</p>',
        yours: '<p>Mijn</p>',
        mono: true,
      },
    ]);
    const id = 'translations.nl.html';
    expect(notificationConflictMerge.merge(base, theirs, yours, { [id]: 'theirs' })).toEqual(
      theirs,
    );
    expect(notificationConflictMerge.merge(base, theirs, yours, { [id]: 'yours' })).toEqual(yours);
  });

  it('keeps a translation they added and one you removed stays removed', () => {
    const fr = { subject: 'Commande', text: '', html: '' };
    const theirs = { ...base, translations: { nl, fr } };
    const yours = { ...base, subject: 'Your order', translations: {} };
    expect(notificationConflictMerge.merge(base, theirs, yours, {})).toEqual({
      ...base,
      subject: 'Your order',
      translations: { fr },
    });
  });
});
