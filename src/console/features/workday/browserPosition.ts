/** Where the browser says it is, or why it says nothing (spec 001 section 8). */
export type PositionAnswer =
  | { kind: 'position'; latitude: number; longitude: number }
  /** No navigator.geolocation: check-in and check-out proceed without coordinates. */
  | { kind: 'unsupported' }
  /** The user (or the browser's policy) refused: the console asks for access and does not proceed. */
  | { kind: 'denied' }
  /** The position could not be found in time: proceed without coordinates, as without geolocation. */
  | { kind: 'unavailable' };

const POSITION_TIMEOUT_MS = 10_000;

/** One reading of the browser's position, rounded to what a place needs (6 decimals, about 10 cm). */
export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<PositionAnswer> {
  if (!geolocation) return Promise.resolve({ kind: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          kind: 'position',
          latitude: Number(position.coords.latitude.toFixed(6)),
          longitude: Number(position.coords.longitude.toFixed(6)),
        }),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? { kind: 'denied' } : { kind: 'unavailable' }),
      { enableHighAccuracy: false, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}
