// The in-memory caches' one eviction rule: a Map keeps insertion order, so the newest entry goes last and the oldest
// (least recently set) is dropped first once the map holds more than its bound.

/** Sets `key` as the newest entry of `map`, then drops the oldest entries beyond `max`. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
