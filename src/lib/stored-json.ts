/** An object kept as JSON under `key` in localStorage; {} when it is missing, unreadable or not an object. */
export function readStoredObject<T>(key: string): Record<string, T> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : {};
  } catch {
    return {};
  }
}
