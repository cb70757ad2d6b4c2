// Is a name an IANA time zone? Pure: asks the runtime's time zone database, never the network.

/** True for a canonical IANA name the runtime knows (Europe/London, America/New_York, UTC). */
export function isIanaTimeZone(name: string): boolean {
  if (name !== name.trim() || name === '') return false;
  try {
    // Throws RangeError for an unknown zone; offsets such as +01:00 are valid here but not IANA names.
    new Intl.DateTimeFormat('en', { timeZone: name });
  } catch {
    return false;
  }
  return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
}
