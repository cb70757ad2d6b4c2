// Text made in the browser handed to the person as a file (a CSV of what a table shows, a FHIR bundle).

/** Hands the text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own reference by then.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}
