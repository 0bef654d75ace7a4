import { DOCUMENT_FILE_MESSAGE, DOCUMENT_MAX_BYTES, DOCUMENT_SIZE_MESSAGE } from "@treiber/contract";

/** What the file input offers (the server checks the content itself). */
export const DOCUMENT_FILE_ACCEPT = ".pdf,.jpg,.jpeg,.png";
const EXTENSIONS = [".pdf", ".jpg", ".jpeg", ".png"];

/**
 * The Spanish reason a chosen file cannot be sent, or null: a PDF, JPG or PNG of at most 10 MB.
 * Checked before the upload so a big file is not sent for nothing; the server checks it by content.
 */
export function documentFileProblem(file: Pick<File, "name" | "size">): string | null {
  const name = file.name.toLowerCase();
  if (!EXTENSIONS.some((extension) => name.endsWith(extension))) return DOCUMENT_FILE_MESSAGE;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_SIZE_MESSAGE;
  return null;
}
