/**
 * A workbook written by hand (issue 32): the worksheet's XML, and its shared strings, exactly as
 * given, however broken, zipped by zlib. The hostile-spreadsheet tests and `npm run
 * bench:hostile-import` send the same files.
 */
import { crc32, deflateRawSync } from "node:zlib";

/** A zip of the parts, deflated by zlib (JSZip's JavaScript deflate takes seconds on megabytes). */
export function zipOf(parts: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(parts)) {
    const raw = Buffer.from(text, "utf8");
    const data = deflateRawSync(raw, { level: 9 });
    const nameBytes = Buffer.from(name, "utf8");
    const header = (signature: number, central: boolean) => {
      const fields = Buffer.alloc(central ? 46 : 30);
      fields.writeUInt32LE(signature, 0);
      // The central header has "version made by" before the fields both share.
      const at = central ? 6 : 4;
      if (central) fields.writeUInt16LE(20, 4);
      fields.writeUInt16LE(20, at);
      fields.writeUInt16LE(0, at + 2);
      fields.writeUInt16LE(8, at + 4);
      fields.writeUInt32LE(0, at + 6);
      fields.writeUInt32LE(crc32(raw), at + 10);
      fields.writeUInt32LE(data.length, at + 14);
      fields.writeUInt32LE(raw.length, at + 18);
      fields.writeUInt16LE(nameBytes.length, at + 22);
      if (central) fields.writeUInt32LE(offset, 42);
      return Buffer.concat([fields, nameBytes]);
    };
    const local = Buffer.concat([header(0x04034b50, false), data]);
    centrals.push(header(0x02014b50, true));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A workbook written by hand: the worksheet's XML (and shared strings) exactly as given. */
export function workbook(sheetXml: string, sharedStrings?: string): Buffer {
  const rels = [
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>',
  ];
  const parts: Record<string, string> = {
    "xl/workbook.xml":
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/worksheets/sheet1.xml": sheetXml,
  };
  if (sharedStrings !== undefined) {
    rels.push(
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>',
    );
    parts["xl/sharedStrings.xml"] = sharedStrings;
  }
  parts["xl/_rels/workbook.xml.rels"] =
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`;
  return zipOf(parts);
}
