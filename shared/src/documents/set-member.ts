/**
 * Sets an own, enumerable member the way `JSON.parse` does. A plain assignment of `__proto__`
 * would replace the object's prototype instead of adding a key, so that one key is defined.
 */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
