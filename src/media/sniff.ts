/**
 * Judges a file by its bytes, never by its name or the browser's MIME guess (service-api.md 4.2 and 8); the MIME
 * type only picks the wording of a refusal.
 * Reads only what the decision needs: the first bytes, the EBML header of a Matroska file, and for a GIF the
 * blocks up to its second frame.
 */
import { readBytes } from './blob-bytes.js';
import { gifProblem } from './gif.js';
import { CHECK_TEXTS, notTakenMessage, rejectionMessage, type CheckTexts } from './messages.js';
import {
  detectSignature, ebmlHeaderLength, EBML_HEADER_MAX_BYTES, formatInfo, readMatroskaDocType, SIGNATURE_BYTES,
  type DetectedFormat, type MediaKind,
} from './signatures.js';

export type { DetectedFormat, MediaKind } from './signatures.js';

const MB = 1024 * 1024;

/**
 * Size limits per kind, in bytes (1 MB = 1024 * 1024 bytes).
 * - image 20 MB and video 100 MB: service-api.md section 8.
 * - audio 25 MB: not stated by the service; ours. It matches the common speech-to-text upload cap (26,214,400
 *   bytes), far above what push-to-talk produces (16 kHz mono 16-bit WAV is 1.9 MB a minute), and lets a
 *   picked 44.1 kHz stereo WAV of about 2.5 minutes through.
 */
export const MEDIA_LIMITS: Readonly<Record<MediaKind, number>> = {
  image: 20 * MB,
  audio: 25 * MB,
  video: 100 * MB,
};

/** Values for an <input type=file accept>: a hint for the picker only; inspectFile decides. */
export const ACCEPT_ATTRIBUTE: Readonly<Record<MediaKind, string>> = {
  image: 'image/png,image/jpeg,image/webp,image/gif,.png,.jpg,.jpeg,.webp,.gif',
  audio: 'audio/wav,audio/x-wav,audio/wave,.wav',
  video: 'video/mp4,video/x-matroska,video/x-msvideo,video/x-flv,video/mpeg,.mp4,.m4v,.mkv,.avi,.flv,.mpg,.mpeg',
};

/** Which rule a rejected file broke, for code; `reason` is the sentence for a person. */
export type RejectionRule = 'empty' | 'unreadable' | 'type' | 'size' | 'animated' | 'damaged';

export type FileVerdict =
  | {
      ok: true;
      kind: MediaKind;
      format: DetectedFormat;
      mimeType: string;
      /** The name to upload under: the original name with an extension matching the real format. */
      fileName: string;
    }
  | {
      ok: false;
      rule: RejectionRule;
      /** Why, in English. */
      reason: string;
      /** Why, in other words (mount()'s texts): `reason` is its English. */
      reasonIn(words: CheckTexts): string;
    };

/** The name of an unnamed file (a pasted image, a recording). */
const unnamed = (kind: MediaKind): string => (kind === 'audio' ? 'recording' : kind);

/**
 * The original name, with its extension corrected when it lies: the service may judge uploads by extension
 * (its file rules list them), so "photo.jpg" holding PNG bytes is uploaded as "photo.png". Names without a
 * plausible extension ("notes.v2.final", "Shot 2024.05.01") keep it and get the right one appended.
 */
export function uploadFileName(name: string | undefined, format: DetectedFormat): string {
  const { kind, extensions } = formatInfo(format);
  const base = (name ?? '').replace(/^.*[\\/]/, '').trim() || unnamed(kind);
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1) : '';
  if (extensions.includes(extension.toLowerCase())) return base;
  const looksLikeExtension = /^(?=.*[a-z])[a-z0-9]{1,4}$/i.test(extension);
  return `${looksLikeExtension ? base.slice(0, dot) : base}.${extensions[0]}`;
}

/** The file's format by its first bytes (and for the Matroska family its EBML header), or undefined. */
async function detect(file: Blob): Promise<DetectedFormat | undefined> {
  const head = await readBytes(file, 0, SIGNATURE_BYTES);
  const format = detectSignature(head);
  if (format !== 'ebml') return format;
  const headerLength = ebmlHeaderLength(head);
  if (!(headerLength <= EBML_HEADER_MAX_BYTES)) return undefined;
  // WebM is Matroska-based but not one of the service's formats.
  return readMatroskaDocType(await readBytes(file, 0, headerLength)) === 'matroska' ? 'mkv' : undefined;
}

/**
 * Decides whether `file` may be sent as a question of one of `kinds` (those the chat takes now). Never throws: an
 * unreadable file is a verdict too. The first bytes are read once, whatever the kinds; the checks run cheapest
 * first: signature, then size, then (GIF only) the frame walk. A file of none of the kinds is refused for the kind
 * its MIME type claims (naming what that kind accepts), or else with the list of all of them.
 */
export async function inspectFile(file: Blob & { name?: string }, kinds: readonly MediaKind[]): Promise<FileVerdict> {
  // The kind a refusal speaks of: the first one until the bytes tell; none for a file of no kind the chat takes.
  let kind: MediaKind | undefined = kinds[0];
  const reject = (rule: RejectionRule): FileVerdict => {
    const checked = kind;
    const reasonIn = (words: CheckTexts): string =>
      checked
        ? rejectionMessage(rule, file.name || unnamed(checked), checked, MEDIA_LIMITS[checked], words)
        : notTakenMessage(file.name || 'The file', kinds, words);
    return { ok: false, rule, reason: reasonIn(CHECK_TEXTS), reasonIn };
  };
  if (kind === undefined) return reject('type');
  if (file.size === 0) return reject('empty');
  try {
    const format = await detect(file);
    if (format === undefined || !kinds.includes(formatInfo(format).kind)) {
      kind = kinds.find((taken) => taken === file.type.split('/')[0]);
      return reject('type');
    }
    const info = formatInfo(format);
    kind = info.kind;
    if (file.size > MEDIA_LIMITS[kind]) return reject('size');
    const problem = format === 'gif' ? await gifProblem(file) : undefined;
    if (problem) return reject(problem);
    return { ok: true, kind, format, mimeType: info.mimeType, fileName: uploadFileName(file.name, format) };
  } catch {
    return reject('unreadable');
  }
}
