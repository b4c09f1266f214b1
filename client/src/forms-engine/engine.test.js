// Runs the shared rule vectors (forms/rule_vectors/*.json) through the JavaScript interpreter.
// tests/unit/test_rule_vectors.py runs the same files through the Python one; they must agree.
import fs from 'fs';
import path from 'path';
import {
  applyMask, documentFields, fieldOptions, firstMissingRequired, iinCheckDigit, iinValid, maskValid, prepare,
  registerDefinitions, registerVariants, setValue, stepsFor, validateStep, visibleFields,
} from './engine';

const ROOT = path.resolve(__dirname, '../../..');
const DEFINITIONS_DIR = path.join(ROOT, 'forms/definitions');
const VECTOR_DIR = path.join(ROOT, 'forms/rule_vectors');

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

const definitions = {};
fs.readdirSync(DEFINITIONS_DIR).filter((f) => f.endsWith('.json') && !f.startsWith('_')).forEach((f) => {
  const def = readJson(path.join(DEFINITIONS_DIR, f));
  definitions[def.key] = def;
});
registerDefinitions(definitions);
registerVariants(readJson(path.join(DEFINITIONS_DIR, '_variants.json')));

const vectors = [];
fs.readdirSync(VECTOR_DIR).filter((f) => f.endsWith('.json')).sort().forEach((f) => {
  readJson(path.join(VECTOR_DIR, f)).vectors.forEach((v) => vectors.push([`${path.basename(f, '.json')}: ${v.name}`, v]));
});

function getPath(data, p) {
  let node = data;
  for (const part of p.split('.')) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (node !== null && typeof node === 'object') node = node[part];
    else return null;
  }
  return node === undefined ? null : node;
}

const pairs = (errors) => errors.map((e) => `${e.field}|${e.key}`).sort();

function runVector(vector) {
  const kind = vector.kind || 'step';
  const { expect: want } = vector;
  if (kind === 'mask') {
    if ('masked' in want && vector.typed) {
      // key by key: the input shows the mask of what it showed plus the key
      const shown = [...vector.input].reduce((text, key) => applyMask(vector.mask, text + key), '');
      expect(shown).toBe(want.masked);
    } else if ('masked' in want) expect(applyMask(vector.mask, vector.input)).toBe(want.masked);
    if ('valid' in want) expect(maskValid(vector.mask, vector.input)).toBe(want.valid);
    return;
  }
  if (kind === 'iin') {
    expect(iinValid(vector.input)).toBe(want.valid);
    return;
  }
  if (kind === 'steps') {
    expect(stepsFor(vector.variant, vector.ctx || {})).toEqual(want.steps);
    return;
  }
  expect(kind).toBe('step');
  const { step } = vector;
  const ctx = vector.ctx || {};
  const data = vector.data || {};
  const prepared = vector.change
    ? setValue(step, data, vector.change.path, vector.change.value, ctx)
    : prepare(step, data, ctx);
  const visible = visibleFields(step, prepared, ctx);
  if ('visible' in want) expect(visible).toEqual(want.visible);
  (want.visible_includes || []).forEach((p) => expect(visible).toContain(p));
  (want.hidden || []).forEach((p) => expect(visible).not.toContain(p));
  if ('derived' in want) {
    Object.entries(want.derived).forEach(([p, value]) => expect([p, getPath(prepared, p)]).toStrictEqual([p, value]));
  }
  if ('errors' in want) {
    const errors = validateStep(step, prepared, ctx, vector.mode || 'submit');
    expect(pairs(errors)).toEqual(pairs(want.errors));
    want.errors.filter((w) => 'labels' in w).forEach((w) => {
      const match = errors.find((e) => e.field === w.field && e.key === w.key);
      expect(match.labels).toEqual(w.labels);
    });
  }
  if ('first_missing' in want) {
    const missing = firstMissingRequired(step, prepared, ctx);
    expect(missing ? missing.field : null).toBe(want.first_missing);
  }
  Object.entries(want.options || {}).forEach(([field, ids]) => {
    expect(fieldOptions(step, field, prepared, ctx).map((o) => o.id)).toEqual(ids);
  });
  if ('document_fields' in want) {
    expect(documentFields(step, ctx).map((d) => ({ field: d.field, optional: d.optional })))
      .toEqual(want.document_fields);
  }
  if ('document_label_params' in want) {
    expect(documentFields(step, ctx).map((d) => d.label_params || null)).toEqual(want.document_label_params);
  }
}

describe('shared rule vectors', () => {
  it('has at least 80 vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(80);
  });
  test.each(vectors)('%s', (name, vector) => runVector(vector));
});

describe('IIN check digit', () => {
  it('computes the 12th digit of the spec example', () => {
    expect(iinCheckDigit('90010130001')).toBe(7);
  });
  it('gives null when both passes give 10', () => {
    expect(iinCheckDigit('90010130080')).toBeNull();
  });
});
