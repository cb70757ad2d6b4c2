// The worker that loads the browser's locale data (see locale-data.ts): it writes one moment in the app's
// locale and options, and a number, then says it is done.
import { MOMENT_LOCALE, MOMENT_OPTIONS } from './date-time.ts';

new Intl.DateTimeFormat(MOMENT_LOCALE, MOMENT_OPTIONS).format(0);
new Intl.NumberFormat(MOMENT_LOCALE).format(0);
self.postMessage('loaded');
