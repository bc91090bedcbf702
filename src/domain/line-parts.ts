// How a quantity of one dish is cut into order lines when a line holds at most so many units (the contract's 20).

/** The quantities of the lines that carry `quantity` units, each at most `perLine`: 45 at 20 a line is [20, 20, 5]. */
export function lineParts(quantity: number, perLine: number): number[] {
  const parts: number[] = [];
  for (let left = quantity; left > 0; left -= perLine) parts.push(Math.min(left, perLine));
  return parts;
}
