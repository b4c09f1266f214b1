/* The multipart body of POST /users/bulk-upsert-user-data, exactly as req §7:
 *   hidden_application_id, is_submit (1/0), [from_admin, admin_selected_user_id],
 *   form___{formKey}___{field path} per file (several entries for a multiple field),
 *   form___{formKey}___data_stringified (JSON of the form's fields, without the files not uploaded yet).
 */
import { trim } from '../../forms-engine/engine';
import { isPendingRef, isPlainObject } from './data';

/** Splits local answers into the JSON to send and the files to upload ({path: [File]}).
 * `store` maps pending reference ids to File objects. */
export function splitUploads(data, store) {
  const files = {};
  const add = (path, ref) => {
    const file = store && (store.get ? store.get(ref.id) : store[ref.id]);
    if (!file) return;
    (files[path] = files[path] || []).push(file);
  };

  function clean(value, path) {
    if (isPendingRef(value)) {
      add(path, value);
      return undefined;
    }
    if (Array.isArray(value)) {
      const out = [];
      value.forEach((item, index) => {
        if (isPendingRef(item)) add(path, item);
        else out.push(isPlainObject(item) ? cleanObject(item, `${path}.${index}`) : item);
      });
      return out;
    }
    if (isPlainObject(value)) return cleanObject(value, path);
    return value;
  }

  function cleanObject(obj, prefix) {
    const out = {};
    Object.entries(obj).forEach(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      const cleaned = clean(value, path);
      if (cleaned !== undefined) out[key] = cleaned;
    });
    return out;
  }

  return { data: cleanObject(isPlainObject(data) ? data : {}, ''), files };
}

/**
 * forms: [{formKey, data, files?: {path: File | File[]}}] — data are trimmed (req §5) and sent as JSON.
 */
export function buildUpsertBody({ applicationId, isSubmit = false, forms = [], fromAdmin = false, adminSelectedUserId }) {
  const body = new FormData();
  body.append('hidden_application_id', String(applicationId));
  if (fromAdmin) {
    body.append('from_admin', '1');
    if (adminSelectedUserId !== undefined && adminSelectedUserId !== null) {
      body.append('admin_selected_user_id', String(adminSelectedUserId));
    }
  }
  body.append('is_submit', isSubmit ? '1' : '0');
  forms.forEach(({ formKey, data, files }) => {
    Object.entries(files || {}).forEach(([path, list]) => {
      (Array.isArray(list) ? list : [list]).forEach((file) => {
        if (file) body.append(`form___${formKey}___${path}`, file, file.name);
      });
    });
    body.append(`form___${formKey}___data_stringified`, JSON.stringify(trim(data || {})));
  });
  return body;
}

/** The form payload of one step from local answers + the pending-file store. */
export function formPayload(formKey, data, store) {
  const split = splitUploads(data, store);
  return { formKey, data: split.data, files: split.files };
}
