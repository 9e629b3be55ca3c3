/**
 * Hands a file to the browser as a download with its name: through an object URL and a
 * temporary link with `download`, so the file is never opened on this site's origin.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
