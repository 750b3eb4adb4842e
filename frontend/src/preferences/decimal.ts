// Exact decimal arithmetic on the API's decimal strings, so money is never run through binary floats.

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

interface Scaled {
  value: bigint;
  scale: number;
}

function parse(text: string): Scaled {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(whole + fraction) * (sign ? -1n : 1n);
  return { value, scale: fraction.length };
}

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

/** Rounds a scaled integer half away from zero to `places` decimals and writes it out. */
function toFixed({ value, scale }: Scaled, places: number): string {
  let scaled = value;
  if (scale > places) {
    const divisor = 10n ** BigInt(scale - places);
    const negative = scaled < 0n;
    const magnitude = negative ? -scaled : scaled;
    let quotient = magnitude / divisor;
    if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
    scaled = negative ? -quotient : quotient;
  } else {
    scaled = scaled * 10n ** BigInt(places - scale);
  }
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  const text = places > 0 ? `${whole}.${fraction}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** a × b, rounded half-up to `places` decimals, as a decimal string. */
export function multiplyDecimal(a: string, b: string, places = 2): string {
  const left = parse(a);
  const right = parse(b);
  return toFixed({ value: left.value * right.value, scale: left.scale + right.scale }, places);
}

/** a + b, exactly, written with `places` decimals (rounded half-up if either has more). */
export function addDecimal(a: string, b: string, places = 2): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  const value = left.value * 10n ** BigInt(scale - left.scale) + right.value * 10n ** BigInt(scale - right.scale);
  return toFixed({ value, scale }, places);
}

/**
 * a × b ÷ c, rounded half-up to `places` decimals: an amount moved between currencies through
 * their rates against one base (amount × rate of the target ÷ rate of the source).
 */
export function scaleDecimal(a: string, b: string, c: string, places = 2): string {
  const [x, y, z] = [parse(a), parse(b), parse(c)];
  if (z.value === 0n) throw new Error('division by zero');
  // x·y / z with `places` decimals: (x.v·y.v·10^(z.s+places)) / (z.v·10^(x.s+y.s)), rounded half away from zero.
  let numerator = x.value * y.value * 10n ** BigInt(z.scale + places);
  let denominator = z.value * 10n ** BigInt(x.scale + y.scale);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return toFixed({ value: negative ? -quotient : quotient, scale: places }, places);
}

/** Rounds a decimal string half-up to `places` decimals. */
export function roundDecimal(a: string, places = 2): string {
  return toFixed(parse(a), places);
}

/** What a person typed as a decimal, with a comma accepted for the point (Romanian habit). */
export function normalizeDecimal(text: string): string {
  return text.trim().replace(',', '.');
}

const NON_NEGATIVE_DECIMAL = /^\d+(\.\d+)?$/;
const AT_MOST_TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** A plain non-negative decimal such as '12' or '0.125' (no sign, no exponent). */
export function isNonNegativeDecimal(text: string): boolean {
  return NON_NEGATIVE_DECIMAL.test(text);
}

/** A non-negative decimal with at most two decimals, as money is. */
export function hasAtMostTwoDecimals(text: string): boolean {
  return AT_MOST_TWO_DECIMALS.test(text);
}

/** Above zero, for a decimal already known to be non-negative (exact: no float parsing). */
export function isAboveZero(decimal: string): boolean {
  return /[1-9]/.test(decimal);
}

/** At most 1, for a decimal already known to be non-negative (exact: no float parsing). */
export function isAtMostOne(decimal: string): boolean {
  const [whole, fraction = ''] = decimal.split('.');
  const units = BigInt(whole);
  return units < 1n || (units === 1n && !/[1-9]/.test(fraction));
}
