// A station's name as the kitchen and the menu allow it: apart from their schemas, so a route's search check can use it
// without bringing the kitchen's schemas into the guests' code.

/** A station's name: lower-case letters, digits and `-` (the menu's `station` column allows the same). */
export const STATION_PATTERN = /^[a-z0-9][a-z0-9-]{0,29}$/;
