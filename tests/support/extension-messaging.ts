/** What a request the background refuses rejects with (RefusedError, as it crosses the messaging). */
export function refused(reason: 'forbidden' | 'invalid') {
  return { name: 'RefusedError', message: reason };
}
