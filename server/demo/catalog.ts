// The demo shop's data: a small product catalog and basket handles with a stated lifetime.
import { randomBytes } from 'node:crypto';

export interface Product {
  id: string;
  name: string;
  category: 'audio' | 'cables' | 'storage' | 'displays' | 'input';
  priceCents: number;
  stock: number;
  monthlySales: readonly number[];
}

const p = (
  id: string,
  name: string,
  category: Product['category'],
  priceCents: number,
  stock: number,
  monthlySales: number[],
): Product => ({ id, name, category, priceCents, stock, monthlySales });

export const PRODUCTS: readonly Product[] = [
  p('prd_aud_001', 'Studio headphones', 'audio', 12900, 42, [31, 28, 35, 40, 38, 44]),
  p('prd_aud_002', 'USB microphone', 'audio', 8900, 17, [12, 15, 11, 18, 21, 19]),
  p('prd_aud_003', 'Bluetooth speaker', 'audio', 5900, 0, [22, 19, 25, 17, 9, 0]),
  p('prd_cab_001', 'USB-C cable 2 m', 'cables', 1290, 310, [120, 131, 118, 140, 152, 149]),
  p('prd_cab_002', 'HDMI 2.1 cable', 'cables', 1990, 88, [45, 41, 50, 47, 52, 58]),
  p('prd_cab_003', 'Ethernet cable Cat 6', 'cables', 890, 204, [60, 58, 61, 66, 59, 70]),
  p('prd_sto_001', 'Portable SSD 1 TB', 'storage', 10900, 25, [33, 36, 30, 41, 45, 39]),
  p('prd_sto_002', 'microSD card 256 GB', 'storage', 2900, 140, [70, 74, 69, 81, 77, 90]),
  p('prd_dis_001', '27-inch 4K monitor', 'displays', 37900, 9, [8, 11, 7, 12, 10, 14]),
  p('prd_dis_002', 'Portable monitor 15.6-inch', 'displays', 19900, 14, [5, 6, 9, 7, 11, 10]),
  p('prd_inp_001', 'Mechanical keyboard', 'input', 9900, 36, [25, 27, 22, 30, 34, 31]),
  p('prd_inp_002', 'Wireless mouse', 'input', 3900, 75, [48, 52, 47, 55, 50, 61]),
];

export const CATEGORIES = [...new Set(PRODUCTS.map((product) => product.category))];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

export function searchProducts(query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return PRODUCTS.filter((product) => {
    const haystack = `${product.name} ${product.category} ${product.id}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export const formatPrice = (cents: number) => `€${(cents / 100).toFixed(2)}`;

export function catalogCsv(): string {
  const rows = PRODUCTS.map((product) =>
    [product.id, JSON.stringify(product.name), product.category, (product.priceCents / 100).toFixed(2), product.stock].join(','),
  );
  return ['id,name,category,price_eur,stock', ...rows].join('\n') + '\n';
}

export interface BasketLine {
  productId: string;
  quantity: number;
}
export interface Basket {
  id: string;
  /** The authorization context (client) that created it; undefined for an anonymous caller. */
  owner?: string;
  lines: BasketLine[];
  expiresAt: number;
  checkedOut: boolean;
}

/**
 * Baskets are explicit handles (MCP has no session): opaque, high-entropy ids with a
 * sliding lifetime. The lifetime is stated in create_basket's description.
 */
export class BasketStore {
  readonly #baskets = new Map<string, Basket>();
  constructor(
    readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(owner?: string): Basket {
    this.#sweep();
    const basket: Basket = {
      id: `bsk_${randomBytes(16).toString('base64url')}`,
      owner,
      lines: [],
      expiresAt: this.now() + this.lifetimeMs,
      checkedOut: false,
    };
    this.#baskets.set(basket.id, basket);
    return basket;
  }

  /**
   * Returns the live basket (refreshing its lifetime), or why it cannot be used. A basket made
   * under an authorization is only ever found by the same one: to anyone else it does not exist
   * (an id seen in a log or a shared transcript must not be a key to someone else's basket).
   */
  get(id: string, owner?: string): { ok: true; basket: Basket } | { ok: false; reason: 'unknown' | 'expired' } {
    const basket = this.#baskets.get(id);
    if (!basket || basket.owner !== owner) return { ok: false, reason: 'unknown' };
    if (basket.expiresAt <= this.now()) {
      this.#baskets.delete(id);
      return { ok: false, reason: 'expired' };
    }
    basket.expiresAt = this.now() + this.lifetimeMs;
    return { ok: true, basket };
  }

  delete(id: string): boolean {
    return this.#baskets.delete(id);
  }

  #sweep() {
    // Bounded memory: forget expired baskets, and never hold more than 10,000.
    for (const [id, basket] of this.#baskets) if (basket.expiresAt <= this.now()) this.#baskets.delete(id);
    while (this.#baskets.size >= 10_000) {
      const oldest = this.#baskets.keys().next().value;
      if (oldest === undefined) break;
      this.#baskets.delete(oldest);
    }
  }
}

export function basketTotalCents(basket: Basket): number {
  return basket.lines.reduce((sum, line) => sum + (findProduct(line.productId)?.priceCents ?? 0) * line.quantity, 0);
}
