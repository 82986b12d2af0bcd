/**
 * The description of an ICC profile ('Adobe RGB (1998)', 'Display P3', 'sRGB IEC61966-2.1'): its 'desc' tag, either
 * an ICC v2 textDescriptionType (ASCII) or a v4 multiLocalizedUnicodeType (UTF-16BE, first record). Null when the
 * bytes are not a profile or have no readable description.
 */
export function iccDescription(profile: Uint8Array): string | null {
  const bytes = Buffer.from(profile.buffer, profile.byteOffset, profile.byteLength);
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp') return null;
  const count = bytes.readUInt32BE(128);
  for (let i = 0; i < count && 132 + 12 * (i + 1) <= bytes.length; i++) {
    const at = 132 + 12 * i;
    if (bytes.toString('latin1', at, at + 4) !== 'desc') continue;
    const offset = bytes.readUInt32BE(at + 4);
    const size = bytes.readUInt32BE(at + 8);
    if (offset + size > bytes.length || size < 12) return null;
    const type = bytes.toString('latin1', offset, offset + 4);
    if (type === 'desc') {
      const length = bytes.readUInt32BE(offset + 8);
      if (length < 1 || offset + 12 + length > bytes.length) return null;
      return clean(bytes.toString('latin1', offset + 12, offset + 12 + length));
    }
    if (type === 'mluc') {
      const records = bytes.readUInt32BE(offset + 8);
      if (records < 1 || size < 28) return null;
      const length = bytes.readUInt32BE(offset + 20);
      const start = offset + bytes.readUInt32BE(offset + 24);
      if (start + length > bytes.length) return null;
      const utf16 = Buffer.from(bytes.subarray(start, start + length));
      utf16.swap16();
      return clean(utf16.toString('utf16le'));
    }
    return null;
  }
  return null;
}

/** Control characters (NUL padding and the like) become spaces; the result is trimmed and kept short. */
function clean(text: string): string | null {
  const printable = Array.from(text, (ch) => (ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join('');
  const trimmed = printable.trim();
  return trimmed.length > 0 ? trimmed.slice(0, 200) : null;
}
