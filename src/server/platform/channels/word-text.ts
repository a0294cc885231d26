/**
 * Text rules every channel's message shares, beside the registry so that a channel's folder never borrows them
 * from another channel's.
 */

/** The word with its first letter upper-cased and the rest as the library spells it ("EBITDA", "Force majeure"). */
export const capitalizedWord = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
