/* File answers saved by the browser (official letters, the staff's exports): the name the server gave the
 * attachment, and the save itself through a temporary link. */

/** The file name of an attachment answer (Content-Disposition), or the fallback. */
export function fileNameOf(response, fallback) {
  const header = (response && response.headers && response.headers.get('Content-Disposition')) || '';
  const match = /filename="?([^";]+)"?/i.exec(header);
  return match ? match[1] : fallback;
}

/** Saves a blob under a name through a temporary link (the browser's own download). */
export function saveBlob(blob, name) {
  if (typeof URL === 'undefined' || !URL.createObjectURL) return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
