/** The rows of a list answer ({list, total}) of the generic model API; [] while loading and for anything else. */
export function rowsOf(result) {
  return result && Array.isArray(result.list) ? result.list : [];
}
