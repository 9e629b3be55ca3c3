import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

/*
 * What a file of an accepted type may be hiding (issue 19, decision 0071). The type is found from
 * the first bytes (file-type.ts), so a file can start as a PDF or a PNG and still be something else
 * further on: a web page a browser would run if it ever sniffed the file, or a whole zip archive (a
 * Java applet, "GIFAR") appended at the end. A Word document is a zip of XML: it can declare
 * entities that load other files when parsed (XXE), or decompress to gigabytes (a zip bomb). We
 * never parse the XML ourselves, but the people who download the file do.
 */

/** What is wrong with a file whose type was accepted, or null when nothing is. */
export type HiddenContent = 'markup' | 'appended-archive' | 'external-entities' | 'zip-bomb' | 'damaged-archive';

/** Browsers decide whether bytes are a web page from the first 512; twice that, to be safe. */
const SNIFFED_BYTES = 1024;
/**
 * Tags that make a browser treat bytes as a page (or run them as SVG), each with the character that ends a tag
 * name, anywhere in the sniffed part: long enough that binary data does not match by chance.
 */
const MARKUP = /<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|svg|img|style|meta)[\s/>]/i;

/** A .docx holds a few hundred parts and expands to some tens of MB at most; a bomb expands to gigabytes. */
const MAX_ENTRIES = 2000;
const MAX_EXPANDED_BYTES = 100 * 1024 * 1024;
/** An XML part's document type declaration, where entities are declared, can only come before its root element. */
const PROLOG_BYTES = 4096;
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
/** Fed to the decompressor in slices, so one slice can expand to at most ~64 MB before the count stops it. */
const SLICE = 64 * 1024;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Markup in the part of the file a browser sniffs. */
function hasMarkup(bytes: Uint8Array): boolean {
  return MARKUP.test(latin1(bytes.subarray(0, SNIFFED_BYTES)));
}

const EOCD = [0x50, 0x4b, 0x05, 0x06];
const CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const at = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  offset >= 0 && signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * A zip archive's end record near the end of a file that is not a zip, whose central directory is
 * where the record says: an archive appended to the file (a PDF, PNG or JPEG that is also a JAR).
 * Both signatures must agree, so compressed data that happens to contain `PK\5\6` does not count.
 */
function hasAppendedArchive(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes plus a comment of at most 65535.
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 22 - 0xffff); offset--) {
    if (!at(bytes, offset, EOCD)) continue;
    const directorySize = view.getUint32(offset + 12, true);
    if (at(bytes, offset - directorySize, CENTRAL)) return true;
  }
  return false;
}

/** Each part of a Word document decompressed, counted and its prolog read: entities declared, or too much. */
function inspectArchive(bytes: Uint8Array): HiddenContent | null {
  let entries = 0;
  let expanded = 0;
  let problem: HiddenContent | null = null;
  const unzip = new Unzip((file) => {
    if (problem) return;
    if (++entries > MAX_ENTRIES) {
      problem = 'zip-bomb';
      return;
    }
    // A size declared past the limit is enough; a size understated is caught by counting what comes out.
    if ((file.originalSize ?? 0) > MAX_EXPANDED_BYTES) {
      problem = 'zip-bomb';
      return;
    }
    let prolog = '';
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = 'damaged-archive';
        return;
      }
      expanded += chunk.length;
      if (expanded > MAX_EXPANDED_BYTES) {
        problem = 'zip-bomb';
        file.terminate();
        return;
      }
      if (prolog.length < PROLOG_BYTES) {
        prolog += latin1(chunk.subarray(0, PROLOG_BYTES - prolog.length));
        if (DOCTYPE.test(prolog)) problem = 'external-entities';
      }
    };
    try {
      file.start();
    } catch {
      problem = 'damaged-archive';
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let offset = 0; offset < bytes.length && !problem; offset += SLICE)
      unzip.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
  } catch {
    return problem ?? 'damaged-archive';
  }
  return problem;
}

/** What a file of the given (detected) type hides, or null. */
export function hiddenContent(bytes: Uint8Array, contentType: string): HiddenContent | null {
  if (hasMarkup(bytes)) return 'markup';
  if (contentType === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    return inspectArchive(bytes);
  return hasAppendedArchive(bytes) ? 'appended-archive' : null;
}
