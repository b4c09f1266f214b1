/* Catalogue helpers shared by i18n/index.js (core, in the entry chunk) and i18n/catalogues.js (lazy). */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** {"a.b.c": v} → {a: {b: {c: v}}}. */
export function unflatten(flat) {
  const out = {};
  Object.entries(flat || {}).forEach(([key, value]) => {
    const parts = key.split('.');
    let node = out;
    parts.slice(0, -1).forEach((part) => {
      if (!isObject(node[part])) node[part] = {};
      node = node[part];
    });
    node[parts[parts.length - 1]] = value;
  });
  return out;
}

/** Deep merge of catalogues (later ones win on the same leaf); inputs are not modified. */
export function mergeCatalogues(...catalogues) {
  const out = {};
  catalogues.forEach((catalogue) => {
    Object.entries(catalogue || {}).forEach(([key, value]) => {
      out[key] = isObject(value) && isObject(out[key]) ? mergeCatalogues(out[key], value) : isObject(value) ? mergeCatalogues(value) : value;
    });
  });
  return out;
}
