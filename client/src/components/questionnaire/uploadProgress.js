/* The step save with upload progress (issue 10): fetch cannot report upload progress, so a save that carries files
 * goes through XMLHttpRequest with the same headers as the RTK Query base (Bearer token, Accept-Language), and
 * answers in RTK Query's shape ({data} or {error: {status, data}}). */
import i18n from '../../i18n';
import { API_BASE } from '../../api/baseApi';

/** POSTs `body` (FormData) to `path`; onProgress(loaded, total) while the request body is sent. */
export function postWithProgress(path, body, { token, onProgress } = {}) {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', i18n.resolvedLanguage || i18n.language || 'ru');
    xhr.setRequestHeader('Accept', 'application/json');
    if (xhr.upload && onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    const parse = () => {
      try {
        return JSON.parse(xhr.responseText);
      } catch {
        return xhr.responseText;
      }
    };
    xhr.onload = () => {
      const data = parse();
      if (xhr.status >= 200 && xhr.status < 300) resolve({ data });
      else resolve({ error: { status: xhr.status, data } });
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR', error: 'network' } });
    xhr.onabort = () => resolve({ error: { status: 'FETCH_ERROR', error: 'aborted' } });
    xhr.send(body);
  });
}

/** Per-file progress from the request's overall progress: files are sent in `entries` order ([{id, size}]), so the
 * share of the body sent maps onto the files one after the other. {id: 0..100}. */
export function fileProgress(entries, loaded, total) {
  const sizes = entries.reduce((sum, e) => sum + (e.size || 0), 0);
  const sent = total > 0 ? (loaded / total) * sizes : 0;
  const out = {};
  let offset = 0;
  entries.forEach((e) => {
    const size = e.size || 0;
    const done = size > 0 ? Math.min(Math.max(sent - offset, 0), size) / size : loaded >= total ? 1 : 0;
    out[e.id] = Math.round(done * 100);
    offset += size;
  });
  return out;
}

/** "1.2 MB" in the interface language (МБ / MB). */
export function formatBytes(bytes, t, lng) {
  const n = Number(bytes) || 0;
  const fmt = (v) => new Intl.NumberFormat(lng, { maximumFractionDigits: 1 }).format(v);
  if (n >= 1024 * 1024) return t('questionnaire.file.size_mb', { size: fmt(n / (1024 * 1024)) });
  if (n >= 1024) return t('questionnaire.file.size_kb', { size: fmt(n / 1024) });
  return t('questionnaire.file.size_b', { size: fmt(n) });
}
