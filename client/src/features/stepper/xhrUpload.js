/* One file to the questionnaire's save call (POST /users/bulk-upsert-user-data, req §7 upsertUserData) through
 * XMLHttpRequest, because fetch reports no upload progress: onProgress(percent) while the bytes go out.
 * Resolves with the JSON answer; rejects with {status, data} like an RTK Query error, so apiErrorMessage reads it. */
import { API_BASE } from '../../api/baseApi';

export function uploadDocument({ applicationId, formKey, field, file, token, language, onProgress }) {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('hidden_application_id', String(applicationId));
    body.append(`form___${formKey}___${field}`, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/users/bulk-upsert-user-data`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let data = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject({ status: xhr.status, data });
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR', data: null });
    xhr.send(body);
  });
}

/** PDF only (§3 upload fields, §5): the type the browser reports, or the .pdf name when it reports none. */
export function isPdf(file) {
  if (!file) return false;
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name || '');
}
