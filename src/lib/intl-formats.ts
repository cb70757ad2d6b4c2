// Intl formatters are costly to make (the first one loads the locale's data, tens of milliseconds on a phone)
// and cheap to reuse: one per locale and options, made when first asked for, kept for the page's life.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter for these locale and options; one that fails to be made (an unknown zone) is not kept. */
function cached<Format>(
  formats: Map<string, Format>,
  locale: string | undefined,
  options: object,
  make: () => Format,
): Format {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** A date formatter; an unknown `timeZone` throws, as `Intl.DateTimeFormat` does. */
export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
