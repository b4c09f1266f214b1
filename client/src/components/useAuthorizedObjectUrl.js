import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { API_BASE } from '../api/baseApi';
import { selectToken } from '../session/sessionSlice';

/**
 * Downloads a protected file with the Bearer token and returns an object URL for <img src> (the CSP allows
 * img-src blob:). `path` is an API path ("/admin/room-type-media/3") or a full "/api/v1/..." path.
 * The object URL is revoked when the path changes or the component unmounts.
 */
export default function useAuthorizedObjectUrl(path) {
  const token = useSelector(selectToken);
  const [state, setState] = useState({ url: null, error: false });

  useEffect(() => {
    if (!path) return undefined;
    let objectUrl = null;
    let cancelled = false;
    const controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
    const url = path.startsWith(API_BASE) ? path : `${API_BASE}${path}`;
    setState({ url: null, error: false });
    fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller ? controller.signal : undefined,
    })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.blob();
      })
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, error: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url: null, error: true });
      });
    return () => {
      cancelled = true;
      if (controller) controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, token]);

  return state;
}
