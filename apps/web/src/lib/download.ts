/**
 * Hands a file made in the browser, or fetched with the token, to the browser's own download: an
 * address under the API cannot be a plain link, since a link cannot carry the Bearer header.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the address is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
