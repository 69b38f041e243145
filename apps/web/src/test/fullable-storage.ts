/** An in-memory Storage that refuses writes once `capacity` characters are used, like a full browser quota. */
export class FullableStorage implements Storage {
  private readonly items = new Map<string, string>()
  writes = 0
  constructor(private readonly capacity: number) {}
  get length() {
    return this.items.size
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.writes++
    const used = [...this.items].reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0)
    if (used + key.length + value.length > this.capacity) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
}
