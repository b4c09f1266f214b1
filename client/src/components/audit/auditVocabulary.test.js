/* Every name the server's audit trail can record has a label in each interface language (decision 0091).
 * auditVocabulary.json lists the field names, row kinds and workflow transitions server/audit.py can write; it is
 * derived from the server's models and record() calls and kept in step with them by
 * tests/unit/test_audit_vocabulary.py (which fails when the server records a name the file does not list). This test
 * fails when a listed name has no label of its own in ru, kk or en, i.e. when the trail would fall back to a
 * humanized English key. */
import i18n from '../../i18n';
import vocabulary from './auditVocabulary.json';
import { fieldLabel, humanize, transitionLabel, typeLabel } from './auditDetails';

const LANGUAGES = ['ru', 'kk', 'en'];

function unlabelled(names, key, lng) {
  return names.filter((name) => !i18n.exists(key(name), { lng, fallbackLng: false }));
}

describe('the audit vocabulary is labelled in every language', () => {
  test('the list is not empty and holds the names a walk found raw', () => {
    expect(vocabulary.fields).toEqual(
      expect.arrayContaining([
        'actor_role',
        'actor_user_id',
        'applicant_visible',
        'data',
        'transition',
        'author_id',
        'author_side',
        'is_exempted_from_payment',
      ]),
    );
    expect(vocabulary.types).toEqual(expect.arrayContaining(['application_message', 'notification']));
    expect(vocabulary.transitions).toContain('set_exemption');
  });

  test.each(LANGUAGES)('%s: every field', (lng) => {
    expect(unlabelled(vocabulary.fields, (name) => `audit_trail.fields.${name}`, lng)).toEqual([]);
  });

  test.each(LANGUAGES)('%s: every row kind', (lng) => {
    expect(unlabelled(vocabulary.types, (name) => `audit_trail.types.${name}`, lng)).toEqual([]);
  });

  test.each(LANGUAGES)('%s: every workflow transition', (lng) => {
    expect(unlabelled(vocabulary.transitions, (name) => `application_state.transition.${name}`, lng)).toEqual([]);
  });

  test('a name no catalogue knows reads humanized, never as the raw key', () => {
    const t = i18n.getFixedT('en');
    expect(humanize('is_exempted_from_payment')).toBe('Is exempted from payment');
    expect(fieldLabel('brand_new_column', t)).toBe('Brand new column');
    expect(typeLabel('brand_new_table', t)).toBe('Brand new table');
    expect(transitionLabel('brand_new_move', t)).toBe('Brand new move');
    expect(fieldLabel('school.name', t)).toBe('School name');
  });
});
