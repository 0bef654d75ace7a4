import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { RESET_CODE_LENGTH } from "@treiber/contract";

/** argon2id (the library's default algorithm) with OWASP's recommended cost. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => {
  dummyHash ??= hashPassword("treiber-dummy-password-1A");
  return dummyHash;
};

const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;

/** A 12-character temporary password that satisfies the password rules. */
export function temporaryPassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join("");
}

/** A RESET_CODE_LENGTH-digit (8) code for the forgotten-password flow. */
export const resetCode = () => String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
