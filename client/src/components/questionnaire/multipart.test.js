import { buildUpsertBody, formPayload, splitUploads } from './multipart';
import { pendingRef } from './data';

const pdf = (name) => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' });

describe('bulk-upsert multipart body (req §7)', () => {
  test('has exactly hidden_application_id, is_submit, form___{formKey}___{field} files and data_stringified', () => {
    const passport = pdf('passport.pdf');
    const med1 = pdf('m1.pdf');
    const med2 = pdf('m2.pdf');
    const store = new Map();
    const refPassport = pendingRef(passport);
    const refMed1 = pendingRef(med1);
    const refMed2 = pendingRef(med2);
    [[refPassport, passport], [refMed1, med1], [refMed2, med2]].forEach(([r, f]) => store.set(r.id, f));
    const saved = { id: 'f_1', name: 'old.pdf', content_type: 'application/pdf', url: '/api/v1/files/f_1?sig=x' };

    const body = buildUpsertBody({
      applicationId: 42,
      isSubmit: true,
      forms: [
        formPayload('fillStepDocumentsFiles', {
          passport: refPassport, medical_certificates: [saved, refMed1, refMed2], residence_permit: null,
        }, store),
        formPayload('fillStepMainInfo', { last_name: '  Müller  ', parents: [{ full_name: ' A ' }] }, store),
      ],
    });

    const entries = [...body.entries()];
    expect(entries.map(([key]) => key)).toEqual([
      'hidden_application_id',
      'is_submit',
      'form___fillStepDocumentsFiles___passport',
      'form___fillStepDocumentsFiles___medical_certificates',
      'form___fillStepDocumentsFiles___medical_certificates',
      'form___fillStepDocumentsFiles___data_stringified',
      'form___fillStepMainInfo___data_stringified',
    ]);
    expect(body.get('hidden_application_id')).toBe('42');
    expect(body.get('is_submit')).toBe('1');
    expect(body.get('form___fillStepDocumentsFiles___passport').name).toBe('passport.pdf');
    expect(body.getAll('form___fillStepDocumentsFiles___medical_certificates').map((f) => f.name)).toEqual(['m1.pdf', 'm2.pdf']);
    // files not uploaded yet are not in the JSON; saved references stay; text is trimmed (req §5)
    expect(JSON.parse(body.get('form___fillStepDocumentsFiles___data_stringified'))).toEqual({
      medical_certificates: [saved], residence_permit: null,
    });
    expect(JSON.parse(body.get('form___fillStepMainInfo___data_stringified'))).toEqual({
      last_name: 'Müller', parents: [{ full_name: 'A' }],
    });
  });

  test('is_submit is 0 for a save; admin writes carry from_admin and admin_selected_user_id', () => {
    const save = buildUpsertBody({ applicationId: 1, forms: [{ formKey: 'fillStepParents', data: {} }] });
    expect([...save.keys()]).toEqual(['hidden_application_id', 'is_submit', 'form___fillStepParents___data_stringified']);
    expect(save.get('is_submit')).toBe('0');
    const admin = buildUpsertBody({ applicationId: 1, fromAdmin: true, adminSelectedUserId: 9, forms: [] });
    expect([...admin.entries()]).toEqual([
      ['hidden_application_id', '1'], ['from_admin', '1'], ['admin_selected_user_id', '9'], ['is_submit', '0'],
    ]);
  });

  test('files inside repeatable group rows use the row path', () => {
    const file = pdf('cert.pdf');
    const ref = pendingRef(file);
    const { data, files } = splitUploads({ medical_examinations: [{ type: 1 }, { type: 2, doc: ref }] }, new Map([[ref.id, file]]));
    expect(data).toEqual({ medical_examinations: [{ type: 1 }, { type: 2 }] });
    expect(Object.keys(files)).toEqual(['medical_examinations.1.doc']);
  });
});
