/**
 * Date formats in the local zone, made once (an Intl.DateTimeFormat costs tens of microseconds to make) and made
 * again when the zone changes. In the browser it never does. The server draws members' screens with the app's code
 * (server-paint.tsx) with the process switched to each member's zone, and a format made at start would keep the
 * zone it was made in: the drawing calls zoneChanged() first.
 */
let zoneGeneration = 0;

/** The local zone is another one now (the server, before drawing a member's screen in their zone). */
export function zoneChanged(): void {
  zoneGeneration += 1;
}

/** An Intl.DateTimeFormat in the local zone of the moment it formats. */
export function localDateFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Pick<Intl.DateTimeFormat, "format"> {
  let made: Intl.DateTimeFormat | undefined;
  let madeFor = -1;
  return {
    format(date) {
      if (!made || madeFor !== zoneGeneration) {
        made = new Intl.DateTimeFormat(locale, options);
        madeFor = zoneGeneration;
      }
      return made.format(date);
    },
  };
}
