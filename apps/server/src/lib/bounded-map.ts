/** A Map holding at most `limit` entries: a new key pushes out the oldest (a Map keeps insertion order). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    // Set again, a key moves to the newest end.
    this.delete(key);
    if (this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
