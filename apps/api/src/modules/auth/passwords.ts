import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { RESET_CODE_LENGTH } from "@treiber/contract";

/** argon2id (the library's default algorithm) with OWASP's recommended cost. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/**
 * The prefix of an imported account's temporary password hash (decision 0050): salted SHA-256,
 * fast enough for 50,000 accounts in one import, safe only because that password is random
 * (≥ 87 bits, see `importTemporaryPassword`) and must be changed at the first sign-in, when it
 * becomes argon2id like every other password. Never used for a password a person chose.
 */
const TEMPORARY_PREFIX = "$treiber-sha256$";

const sha256 = (salt: Buffer, password: string) =>
  createHash("sha256").update(salt).update(password, "utf8").digest();

/** `$treiber-sha256$<salt>$<hash>` (base64url) of a random temporary password. */
export function hashTemporaryPassword(password: string): string {
  const salt = randomBytes(16);
  return `${TEMPORARY_PREFIX}${salt.toString("base64url")}$${sha256(salt, password).toString("base64url")}`;
}

function verifyTemporary(passwordHash: string, password: string): boolean {
  const [salt, expected] = passwordHash.slice(TEMPORARY_PREFIX.length).split("$");
  if (!salt || !expected) return false;
  const actual = sha256(Buffer.from(salt, "base64url"), password);
  const wanted = Buffer.from(expected, "base64url");
  return wanted.length === actual.length && timingSafeEqual(wanted, actual);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (passwordHash.startsWith(TEMPORARY_PREFIX)) {
      // The argon2id check runs anyway (and is thrown away) so that a sign-in takes as long
      // whichever hash the account has: the time does not tell an imported, unused account.
      await verify(await dummyPasswordHash(), password).catch(() => false);
      return verifyTemporary(passwordHash, password);
    }
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

/** A 12-character temporary password (`length` characters) that satisfies the password rules. */
export function temporaryPassword(length = 12): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = [
    pick(UPPER),
    pick(LOWER),
    pick(DIGITS),
    ...Array.from({ length: length - 3 }, () => pick(all)),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join("");
}

/**
 * An imported account's temporary password: 16 characters of 56 (at least 87 bits counting the
 * three forced classes as fixed), so its fast hash (`hashTemporaryPassword`) cannot be searched.
 */
export const importTemporaryPassword = () => temporaryPassword(16);

/** A RESET_CODE_LENGTH-digit (8) code for the forgotten-password flow. */
export const resetCode = () => String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
